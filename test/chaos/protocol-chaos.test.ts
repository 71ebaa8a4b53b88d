import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChaosServer } from './chaos-server.js';
import type { ChaosServer } from './chaos-server.js';
import { expectShape, expectUnreachable, runChaos } from './chaos-run.js';

let chaos: ChaosServer;
beforeAll(async () => {
  chaos = await startChaosServer();
});
afterAll(async () => {
  await chaos.close();
});

describe('chaos: redirects, status storms and protocol oddities', () => {
  it('a redirect loop is not followed: the check fails on the 302', async () => {
    expectShape(await runChaos(chaos.url('redirect-loop', { afterGate: true })), 'failed', /answered 302, expected 2xx/);
  });

  it('a redirect to another host is not followed at all: that host sees no request', async () => {
    expectShape(await runChaos(chaos.url('redirect-other-host', { afterGate: true })), 'failed', /answered 307, expected 2xx/);
    expect(chaos.otherHostHits()).toBe(0);
  });

  it('a redirect off loopback (a public name) is not followed and looked up: the check fails on the 301', async () => {
    expectShape(await runChaos(chaos.url('redirect-non-local', { afterGate: true })), 'failed', /answered 301, expected 2xx/);
  });

  it('a 5xx storm is an HTTP answer: the run goes on and the checks fail with the status (DESIGN.md §3: no single gate)', async () => {
    const outcome = await runChaos(chaos.url('storm-5xx'));
    expect(outcome.result.setupError).toBeUndefined();
    expect(outcome.check('USER-ME-CONNECTION')).toMatchObject({ status: 'failed', reason: expect.stringMatching(/answered 50[0-4], expected 2xx/) });
    expect(outcome.result.exitCode).toBe(1);
  });

  it('HTTP/1.0 responses that end by closing the connection are read and pass', async () => {
    const outcome = await runChaos(chaos.portUrl('http10'));
    // the builtin checks that ran all passed (CONNECTION-STARTER-KEY is skipped: the chaos target has no starter key)
    const ran = outcome.result.checks.filter((c) => c.status !== 'skipped');
    expect(ran.map((c) => `${c.id}: ${c.status}`)).toEqual(['USER-ME-CONNECTION: passed', 'USER-ME-SHAPE: passed']);
    expect(outcome.result.exitCode).toBe(0);
  });

  it('two conflicting Content-Length headers are a protocol error: the gate errors', async () => {
    expectUnreachable(await runChaos(chaos.portUrl('conflicting-length')), /failed: (HPE_|UND_ERR)/);
  });

  it("duplicate Content-Type headers fail the real suites' content-type checks", async () => {
    const outcome = await runChaos(chaos.url('duplicate-headers'), { modules: 'all', selection: { requirements: ['ERR-JSON-CONTENT-TYPE'] }, boundMs: 15_000 });
    const failed = outcome.result.checks.filter((c) => c.requirements.includes('ERR-JSON-CONTENT-TYPE') && c.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
  });

  it('an https URL whose server speaks plain TCP garbage: the TLS handshake fails and the gate errors', async () => {
    expectUnreachable(await runChaos(chaos.portUrl('tls-garbage')), /failed: (ERR_SSL|EPROTO|ECONNRESET|UND_ERR_SOCKET)/);
  });

  it('a flood of response headers (over the parser limit) errors the gate', async () => {
    expectUnreachable(await runChaos(chaos.portUrl('header-flood')), /failed: (UND_ERR_HEADERS_OVERFLOW|HPE_HEADER_OVERFLOW)/);
  });
});
