import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../suites/index.js';
import { runConformance } from '../../suites/engine/index.js';
import type { CheckResult } from '../../suites/engine/index.js';
import { referenceTarget } from '../../targets/index.js';

// Decision 35: time is not evidence, and neither is patience. A target that never delivers what a check waits for
// still fails it on a quiet run; only a run slow during the wait (its figures in the reason) may end it errored.

async function checkOn(fault: string, check: string): Promise<CheckResult> {
  const registry = await loadRegistry();
  const target = referenceTarget({ mode: 'simulator', faults: [fault] });
  const result = await runConformance({ target, registry, selection: { ids: [check] }, seed: 5, runs: 3 });
  const found = result.checks.find((c) => c.id === check);
  if (found === undefined) throw new Error(`${check} did not run`);
  return found;
}

/** Failed on a quiet run; errored only with SLOW_RUN and the figures that made it slow; never passed. */
function expectNotDelivered(result: CheckResult, reason: RegExp): void {
  if (result.status === 'errored') expect(result.reason).toMatch(/harness error SLOW_RUN: .*while the run was slow: harness event-loop lag/);
  else expect(result).toMatchObject({ status: 'failed', reason: expect.stringMatching(reason) });
}

describe('a target that never delivers what a check waits for', () => {
  it('events never sent to the simulator’s one URL fail SIMULATOR-EVENTS-AT-CONFIGURED-URL', async () => {
    const result = await checkOn('simulator-webhook-url-ignored', 'SIMULATOR-EVENTS-AT-CONFIGURED-URL');
    expectNotDelivered(result, /no event for message .* reached the configured webhook URL within 5000 ms \(quiet run\)/);
  }, 120_000);

  it('a message.delivered never sent fails LIFECYCLE-SUBSCRIBED-ONLY', async () => {
    const result = await checkOn('no-delivered-event', 'LIFECYCLE-SUBSCRIBED-ONLY');
    expectNotDelivered(result, /no message.delivered for .* arrived/);
  }, 120_000);
});
