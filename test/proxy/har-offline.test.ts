import { afterEach, describe, expect, it } from 'vitest';
import { gradeRecorded, harExchanges, HarFormatError, sessionResult, startProxy } from '../../proxy/index.js';
import type { RunningProxy } from '../../proxy/index.js';
import { startReference } from '../../simulator/index.js';
import type { ReferenceServer } from '../../simulator/index.js';
import { Redactor } from '../../targets/redact.js';
import { recorder } from './har-recorder.js';
import { scriptedSession } from './scripted-client.js';

const KEY = 'har-offline-growth-key-0001';
let ref: ReferenceServer | undefined;
let proxy: RunningProxy | undefined;
afterEach(async () => {
  await proxy?.stop(100);
  await ref?.stop();
  ref = proxy = undefined;
});

const failures = (session: Parameters<typeof sessionResult>[0]) =>
  sessionResult(session, { kind: 'proxy', baseUrl: 'x', startedAt: 0, endedAt: 1, failOn: 'should' })
    .checks.filter((check) => check.status === 'failed')
    .map((check) => `${check.id}: ${(check.violated ?? []).join(',')}`);

describe('npm run proxy -- --har: recorded traffic graded offline', () => {
  it('a live session recorded as HAR and graded offline gives the same violations as the live session', async () => {
    ref = await startReference({
      keys: { [KEY]: { tier: 'growth', ratePerMinute: null } },
      hosts: { 'hooks.har.example': ['93.184.215.14'] },
      faults: ['list-leaks-secret', 'replay-new-id'],
    });
    proxy = await startProxy({ target: ref.url });
    const rec = await recorder(proxy.url);
    await scriptedSession(rec.url, KEY, 'https://hooks.har.example');
    await rec.close();
    await proxy.stop(1000);
    const live = failures(proxy);
    expect(live).toEqual(expect.arrayContaining([expect.stringMatching(/WH-LIST-NO-SECRET/), expect.stringMatching(/IDEM-REPLAY/)]));
    const offline = gradeRecorded(harExchanges(rec.har(), 'session.har', 1024 * 1024), new Redactor());
    expect(failures(offline)).toEqual(live);
  }, 60_000);

  it('a broken file is one clear error naming what is wrong, never its content', () => {
    const bad = (text: string) => () => harExchanges(text, 'x.har', 1024);
    expect(bad('{nope')).toThrow(HarFormatError);
    expect(bad('{nope')).toThrow(/^x\.har is not JSON/);
    expect(bad('{"log":{}}')).toThrow('x.har is not a HAR file: it has no log.entries list');
    expect(bad('{"log":{"entries":[{"request":{},"response":{},"startedDateTime":"2026-01-01T00:00:00Z"}]}}')).toThrow(
      'x.har: log.entries[0].response.status is not a number',
    );
    expect(
      bad(
        '{"log":{"entries":[{"request":{"method":"GET","url":"\\u001b[31mkey-123","headers":[]},"response":{"status":200,"headers":[]},"startedDateTime":"2026-01-01T00:00:00Z"}]}}',
      ),
    ).toThrow(/^x\.har: log\.entries\[0\]\.request\.url is not a URL$/);
  });
});
