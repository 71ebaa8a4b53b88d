import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionResult, startForwarder } from '../../proxy/index.js';
import type { RunningForwarder } from '../../proxy/index.js';
import { serviceScheme } from '../../receiver/index.js';
import { startReference } from '../../simulator/index.js';
import type { ReferenceServer } from '../../simulator/index.js';
import { endToEnd, startConsumer } from './loopback-consumer.js';
import { call } from './scripted-client.js';

const KEY = 'forwarder-test-key-0001';
const HOOK = 'https://hooks.forwarder-test.example';
let ref: ReferenceServer | undefined;
let forwarder: RunningForwarder | undefined;
let consumer: Awaited<ReturnType<typeof startConsumer>> | undefined;

afterEach(async () => {
  await ref?.stop();
  await forwarder?.stop(100);
  await consumer?.stop();
  ref = forwarder = consumer = undefined;
});

/** Posts raw bytes with raw header lines to the forwarder, as a target would. */
function post(url: string, path: string, headers: string[], body: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Polls until the check holds (bounded: 10 s). */
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const failed = (f: RunningForwarder) =>
  sessionResult(f, { kind: 'forwarder', baseUrl: 'x', startedAt: 0, endedAt: 1, failOn: 'should' }).checks.filter((c) => c.status === 'failed');

describe('the webhook forwarder between the reference and a loopback consumer', () => {
  it('passes deliveries on byte-identical, returns the consumer answer, and finds nothing wrong with the clean reference', async () => {
    consumer = await startConsumer();
    forwarder = await startForwarder({ forward: consumer.url, scheme: 'service' });
    ref = await startReference({
      keys: { [KEY]: { tier: 'growth', ratePerMinute: null } },
      hosts: { 'hooks.forwarder-test.example': ['93.184.215.14'] },
      egress: { [HOOK]: forwarder.url },
      lifecycle: { stepMs: 3 },
    });
    const hook = (
      await call(`${ref.url}`, KEY, 'POST', '/v1/webhooks', { url: `${HOOK}/in`, events: ['message.sent', 'message.delivered', 'message.status.updated'] })
    ).json as { id: string; signing_secret: string };
    forwarder.addSecret(hook.signing_secret);
    await call(ref.url, KEY, 'POST', '/v1/messages', { to: '+14155550123', from: '+14155550100', message: 'hi' });
    await consumer.waitFor(5);
    await call(ref.url, KEY, 'POST', `/v1/webhooks/${hook.id}/test`);
    await consumer.waitFor(6);
    for (const got of consumer.seen) {
      expect(got.url).toBe('/in');
      const signature = endToEnd(got.rawHeaders).find(([name]) => name?.toLowerCase() === 'service-signature')?.[1];
      // the consumer verifies the reference's signature over the bytes it got: nothing in between changed a byte
      expect(serviceScheme().verify({ raw: got.body, headers: { 'service-signature': signature }, secrets: [hook.signing_secret] }).ok).toBe(true);
    }
    const records = async () =>
      (await call(ref!.url, KEY, 'GET', `/v1/webhooks/${hook.id}/deliveries`)).json as { status_code: number; response_body: string }[];
    await until(async () => (await records()).length === 6);
    await until(() => forwarder!.tally.exchanges === 6);
    expect((await records()).every((r) => r.status_code === 200 && r.response_body === 'ok-from-consumer')).toBe(true);
    expect(failed(forwarder).map((c) => `${c.id}: ${c.reason}`)).toEqual([]);
    const result = sessionResult(forwarder, { kind: 'forwarder', baseUrl: consumer.url, startedAt: 0, endedAt: 1, failOn: 'should' });
    expect(result.requirements.filter((r) => r.status === 'passed').map((r) => r.id)).toEqual(
      expect.arrayContaining(['SIG-HMAC-SHA256', 'SIG-HEADER-PRESENT', 'EVT-PAYLOAD-SHAPE', 'EVT-JSON-CONTENT-TYPE']),
    );

    // one of the reference's real deliveries again, its v1 signature tampered with (one hex digit flipped)
    const real = consumer.seen[0]!;
    const tampered = real.rawHeaders.map((value, i) =>
      i % 2 === 1 && /^service-signature$/i.test(real.rawHeaders[i - 1]!) ? value.replace(/v1=(.)/, (_, c: string) => `v1=${c === 'a' ? 'b' : 'a'}`) : value,
    );
    const rawHeaders = tampered.filter((_, i) => !/^(connection|keep-alive)$/i.test(tampered[i - (i % 2)]!));
    expect((await post(forwarder.url, real.url, rawHeaders, real.body)).status).toBe(200);
    await until(() => forwarder!.tally.exchanges === 7);
    expect(failed(forwarder).flatMap((c) => c.violated)).toEqual(['SIG-HMAC-SHA256']);
  });

  it('forwards raw header lines (order, case, duplicates) and body bytes unchanged, and reports a tampered signature', async () => {
    consumer = await startConsumer({ status: 202, body: 'accepted' });
    forwarder = await startForwarder({ forward: consumer.url, secrets: ['whsec_' + 'ab'.repeat(32)] });
    const body = Buffer.from('{ "event":"message.delivered",\n "data":{"id":"m-1"}   }\n', 'utf8');
    const t = Math.floor(Date.now() / 1000);
    const headers = [
      'Host',
      'hooks.forwarder-test.example',
      'X-Odd-CASE',
      'one',
      'content-type',
      'application/json',
      'Service-Event',
      'message.delivered',
      'Service-Delivery-Id',
      'd-1',
      'x-dup',
      'a',
      'x-dup',
      'b',
      'Service-Signature',
      `t=${t},v1=${'0'.repeat(64)}`,
    ];
    const answer = await post(forwarder.url, '/hooks/abc?x=1', headers, body);
    expect(answer).toEqual({ status: 202, body: 'accepted' });
    await until(() => forwarder!.tally.exchanges === 1);
    const got = consumer.seen[0]!;
    expect(got.body.equals(body)).toBe(true);
    expect(got.url).toBe('/hooks/abc?x=1');
    const sent = endToEnd(got.rawHeaders).filter(([name]) => !/^(content-length|transfer-encoding)$/i.test(name as string));
    expect(sent).toEqual([
      ['Host', 'hooks.forwarder-test.example'],
      ['X-Odd-CASE', 'one'],
      ['content-type', 'application/json'],
      ['Service-Event', 'message.delivered'],
      ['Service-Delivery-Id', 'd-1'],
      ['x-dup', 'a'],
      ['x-dup', 'b'],
      ['Service-Signature', `t=${t},v1=${'0'.repeat(64)}`],
    ]);
    expect(failed(forwarder).flatMap((c) => c.violated)).toEqual(['SIG-HMAC-SHA256']);
  });

  it('refuses a forward URL that is not loopback', async () => {
    await expect(startForwarder({ forward: 'http://192.168.1.10:3000' })).rejects.toMatchObject({ code: 'NOT_LOOPBACK' });
  });
});
