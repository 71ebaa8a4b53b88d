import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChaosServer } from './chaos-server.js';
import type { ChaosServer } from './chaos-server.js';
import { expectShape, expectUnreachable, runChaos } from './chaos-run.js';

let chaos: ChaosServer;
beforeAll(async () => {
  chaos = await startChaosServer({ delayMs: 3_000, dripMs: 50 });
});
afterAll(async () => {
  await chaos.close();
});

describe('chaos: connections that stall, drip or break', () => {
  it('a body that never ends (slow drip) errors at the request timeout', async () => {
    expectShape(await runChaos(chaos.url('slow-drip', { afterGate: true })), 'errored', /TIMEOUT no complete response within 400 ms/);
  });

  it('a connection reset mid-response errors the check with the socket error', async () => {
    expectShape(await runChaos(chaos.url('reset-mid-body', { afterGate: true })), 'errored', /failed: (ECONNRESET|UND_ERR_SOCKET)/);
  });

  it('an answer delayed past the timeout errors: TIMEOUT', async () => {
    expectShape(await runChaos(chaos.url('delay', { afterGate: true })), 'errored', /TIMEOUT/);
  });

  it('a server that accepts and never answers: the gate errors (TIMEOUT) and the run stops with a set-up problem', async () => {
    expectUnreachable(await runChaos(chaos.portUrl('black-hole')), /TIMEOUT/);
  });

  it('a server that closes every connection on accept: the gate errors with the socket error', async () => {
    expectUnreachable(await runChaos(chaos.portUrl('close-on-accept')), /failed: (UND_ERR_SOCKET|ECONNRESET)/);
  });

  it('the real suites against a server that never answers: all skipped behind the gate, done in time', async () => {
    const outcome = await runChaos(chaos.portUrl('black-hole'), { modules: 'all', boundMs: 8_000 });
    expectUnreachable(outcome, /TIMEOUT/);
    expect(outcome.result.checks.length).toBeGreaterThan(10);
  });
});
