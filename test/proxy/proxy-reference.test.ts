import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startProxy, sessionResult, writeSessionReports } from '../../proxy/index.js';
import type { RunningProxy } from '../../proxy/index.js';
import { startReference } from '../../simulator/index.js';
import type { ReferenceServer } from '../../simulator/index.js';
import { call, scriptedSession } from './scripted-client.js';

const KEY = 'proxy-test-growth-key-0001';
const HOOK = 'https://hooks.proxy-test.example';
let ref: ReferenceServer | undefined;
let proxy: RunningProxy | undefined;

afterEach(async () => {
  await proxy?.stop(100);
  await ref?.stop();
  proxy = undefined;
  ref = undefined;
});

/** The reference with the faults on, the proxy in front of it, the scripted session through the proxy. */
async function session(faults: string[] = []) {
  ref = await startReference({
    keys: { [KEY]: { tier: 'growth', ratePerMinute: null } },
    hosts: { 'hooks.proxy-test.example': ['93.184.215.14'] },
    faults,
  });
  proxy = await startProxy({ target: ref.url });
  await scriptedSession(proxy.url, KEY, HOOK);
  await proxy.stop(1000);
  const now = Date.now();
  return sessionResult(proxy, { kind: 'proxy', baseUrl: ref.url, startedAt: now - 1, endedAt: now, failOn: 'should' });
}

const failedOn = (result: Awaited<ReturnType<typeof session>>) => result.checks.filter((c) => c.status === 'failed').flatMap((c) => c.violated ?? []);

describe('the proxy in front of the reference', () => {
  it('grades a clean reference: no violation, and the matrix shows what the traffic proved', async () => {
    const result = await session();
    expect(result.checks.filter((c) => c.status === 'failed').map((c) => `${c.id}: ${c.reason}`)).toEqual([]);
    const passed = result.requirements.filter((row) => row.status === 'passed').map((row) => row.id);
    expect(passed).toEqual(
      expect.arrayContaining([
        'IDEM-REPLAY',
        'IDEM-BODY-MISMATCH-422',
        'WH-LIST-NO-SECRET',
        'WH-UPDATE-NO-SECRET',
        'MSG-SEND-MESSAGE-MAX',
        'MSG-LIST-LIMIT-HONOURED',
        'MSG-LIST-FILTER-STATUS',
        'ERR-NO-5XX',
      ]),
    );
    expect(result.requirements.some((row) => row.status === 'not-covered')).toBe(true);
    expect(result.exitCode).toBe(0);
    expect(result.requestsSent).toBe(16);
  });

  it.each([
    ['wrong-field-type', 'MSG-SEND-RESPONSE'],
    ['list-leaks-secret', 'WH-LIST-NO-SECRET'],
    ['replay-new-id', 'IDEM-REPLAY'],
  ])('reports fault %s on %s', async (fault, requirement) => {
    const result = await session([fault]);
    expect(failedOn(result)).toContain(requirement);
    expect(result.exitCode).toBe(1);
  });

  it('writes redacted reports: the leaked secret and the API key appear in none', async () => {
    const result = await session(['list-leaks-secret']);
    const out = await mkdtemp(join(tmpdir(), 'proxy-reports-'));
    try {
      const secrets = (await call(ref!.url, KEY, 'GET', '/v1/webhooks')).json as { signing_secret?: string }[];
      await writeSessionReports(result, proxy!, { outDir: out, reporters: ['junit', 'json', 'markdown', 'html'] });
      const files = await readdir(out);
      expect(files.sort()).toEqual(['.conform-run.json', 'junit.xml', 'report.html', 'results.json', 'summary.md', 'traffic.json'].sort());
      for (const file of files) {
        const text = await readFile(join(out, file), 'utf8');
        expect(text).not.toContain(KEY);
        expect(text).not.toMatch(/whsec_[0-9a-f]{16}/);
        for (const webhook of secrets) if (webhook.signing_secret) expect(text).not.toContain(webhook.signing_secret);
      }
      expect(await readFile(join(out, 'summary.md'), 'utf8')).toContain('WH-LIST-NO-SECRET');
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
