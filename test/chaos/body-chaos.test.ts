import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChaosServer } from './chaos-server.js';
import type { ChaosServer } from './chaos-server.js';
import { expectShape, runChaos } from './chaos-run.js';

let chaos: ChaosServer;
beforeAll(async () => {
  chaos = await startChaosServer();
});
afterAll(async () => {
  await chaos.close();
});

describe('chaos: hostile response bodies', () => {
  it('a non-JSON (HTML) body fails the check: "is not JSON"', async () => {
    expectShape(await runChaos(chaos.url('non-json', { afterGate: true })), 'failed', /User response body is not JSON/);
  });

  it('truncated JSON fails the check with the parse error', async () => {
    expectShape(await runChaos(chaos.url('truncated-json', { afterGate: true })), 'failed', /is not JSON \(.*JSON/);
  });

  it('a 10 MB body is cut at the 1 MiB limit and errors the check: BODY_TOO_LARGE', async () => {
    expectShape(await runChaos(chaos.url('huge-body', { afterGate: true })), 'errored', /BODY_TOO_LARGE response body exceeds 1048576 bytes/);
  });

  it('invalid UTF-8 is not passed off as JSON: "not valid UTF-8"', async () => {
    expectShape(await runChaos(chaos.url('invalid-utf8', { afterGate: true })), 'failed', /the body is not valid UTF-8/);
  });

  it("a wrong content type fails the real suites' content-type checks", async () => {
    const outcome = await runChaos(chaos.url('wrong-content-type'), {
      modules: 'all',
      selection: { requirements: ['ERR-JSON-CONTENT-TYPE'] },
      boundMs: 15_000,
    });
    const citing = outcome.result.checks.filter((c) => c.requirements.includes('ERR-JSON-CONTENT-TYPE') && c.status === 'failed');
    expect(citing.length).toBeGreaterThan(0);
    expect(citing.some((c) => /content-type|text\/plain/i.test(c.reason ?? ''))).toBe(true);
  });

  it("a missing content type fails the real suites' content-type checks", async () => {
    const outcome = await runChaos(chaos.url('missing-content-type'), {
      modules: 'all',
      selection: { requirements: ['ERR-JSON-CONTENT-TYPE'] },
      boundMs: 15_000,
    });
    const citing = outcome.result.checks.filter((c) => c.requirements.includes('ERR-JSON-CONTENT-TYPE') && c.status === 'failed');
    expect(citing.length).toBeGreaterThan(0);
    expect(citing.some((c) => /content-type/i.test(c.reason ?? ''))).toBe(true);
  });
});
