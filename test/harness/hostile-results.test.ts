import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckRegistry, defineCheck } from '../../suites/checks/index.js';
import type { CheckDefinition } from '../../suites/checks/index.js';
import { userMeConnection } from '../../suites/checks/builtin/index.js';
import { runConformance } from '../../suites/engine/index.js';
import { escapeControls, profileFor, urlTarget } from '../../targets/index.js';
import { startStub, userMe } from './stub-server.js';
import type { Stub } from './stub-server.js';

// issue 15: what a result keeps of a check's words is bounded and clean, and an engine stack overflow never becomes
// a reason as it is
let stub: Stub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

const check = (over: Pick<CheckDefinition, 'id' | 'run'>): CheckDefinition =>
  defineCheck({ title: over.id, suite: 'test/hostile', requirements: ['ERR-VALIDATION-4XX'], level: 'must', ...over });

async function run(...checks: CheckDefinition[]) {
  stub = await startStub((req) => (req.url === '/v1/user/me' ? [200, userMe] : [200, { id: `\x1b[2J${'i'.repeat(1_000_000)}` }]));
  const registry = new CheckRegistry().register(userMeConnection, ...checks.map(defineCheck));
  return runConformance({ target: urlTarget(stub.url, profileFor('simulator'), { growth: 'test-key-planted-123' }), registry, seed: 42, runs: 5 });
}

describe('results of a run against a hostile answer', () => {
  it('reason, logs, counterexample and reproduction are escaped and cut; the stack overflow is said in words', async () => {
    const result = await run(
      check({
        id: 'T-BIG-REASON',
        async run(ctx) {
          const exchange = await ctx.http.request({ method: 'POST', path: '/v1/messages', body: { to: '+15550001111' } });
          const id = (exchange.json as { id: string }).id;
          for (let i = 0; i < 500; i++) ctx.log(`saw ${id}`);
          await ctx.property('ids', fc.constant(id), async (value) => {
            await ctx.http.request({ path: `/v1/messages/${value}` });
            ctx.fail(`the id is ${value}`);
          });
        },
      }),
      check({
        id: 'T-STACK',
        async run() {
          const recurse = (n: number): number => recurse(n + 1) + 1;
          recurse(0);
        },
      }),
    );
    const big = result.checks.find((c) => c.id === 'T-BIG-REASON');
    expect(big?.status).toBe('failed');
    expect(big?.reason?.length).toBeLessThanOrEqual(2_100);
    expect(big?.reason).toMatch(/\\u001b\[2Jiii.*… \[cut: \d+ characters in all\]$/);
    expect(big?.reproduction?.length).toBeLessThanOrEqual(4_100);
    expect(JSON.stringify(big?.counterexample).length).toBeLessThanOrEqual(10_000);
    expect(big?.logs?.join('').length).toBeLessThanOrEqual(9_000);
    expect(big?.logs?.at(-1)).toMatch(/^\[\d+ more log lines not kept\]$/);
    const stack = result.checks.find((c) => c.id === 'T-STACK');
    expect(stack?.status).toBe('errored');
    expect(stack?.reason).toMatch(/ran out of stack on a deeply nested value/);
    expect(stack?.reason).not.toMatch(/Maximum call stack/);
    const text = JSON.stringify(result);
    expect(escapeControls(text)).toBe(text);
    expect(text.length).toBeLessThan(200_000);
  });
});
