// Issue 26 item 6: credentials in a forward URL are refused and never echoed; only literal loopback addresses or
// localhost itself are loopback, and localhost is reached without asking DNS.
import { afterEach, describe, expect, it } from 'vitest';
import { startForwarder, startProxy } from '../../proxy/index.js';
import type { RunningForwarder } from '../../proxy/index.js';
import { isLoopbackUrl, loopbackLookup } from '../../targets/loopback.js';
import { startConsumer } from './loopback-consumer.js';

let forwarder: RunningForwarder | undefined;
let consumer: Awaited<ReturnType<typeof startConsumer>> | undefined;
afterEach(async () => {
  await forwarder?.stop(100);
  await consumer?.stop();
  forwarder = consumer = undefined;
});

describe('what counts as loopback', () => {
  it.each([
    ['http://127.0.0.1:3000', true],
    ['http://127.8.9.10', true],
    ['http://[::1]:3000', true],
    ['http://[::ffff:127.0.0.1]', true],
    ['http://[0:0:0:0:0:0:0:1]', true],
    ['http://[::ffff:10.0.0.1]', false],
    ['http://localhost:3000', true],
    ['http://LOCALHOST', true],
    ['http://evil.localhost:3000', false],
    ['http://localhost.evil.example', false],
    ['http://10.0.0.8', false],
    ['http://128.0.0.1', false],
  ])('%s: %s', (url, loopback) => {
    expect(isLoopbackUrl(url)).toBe(loopback);
  });

  it('reaches localhost at 127.0.0.1 and ::1 from a table, never from the resolver', async () => {
    const asked = (hostname: string, all: boolean) =>
      new Promise((resolve) => loopbackLookup(hostname, { all }, (...answer: unknown[]) => resolve(answer.slice(1))));
    expect(await asked('localhost', true)).toEqual([
      [
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ],
    ]);
    expect(await asked('127.0.0.2', false)).toEqual(['127.0.0.2', 4]);
    // the table is not the system's: a name the resolver knows is not looked up
    expect(await asked('example.invalid', false)).toEqual(['127.0.0.1', 4]);
  });

  it('forwards to http://localhost:<port> (a consumer on 127.0.0.1)', async () => {
    consumer = await startConsumer();
    forwarder = await startForwarder({ forward: consumer.url.replace('127.0.0.1', 'localhost') });
    const res = await fetch(`${forwarder.url}/in`, {
      method: 'POST',
      body: '{"event":"message.sent","data":{"id":"m1"}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(await res.text()).toBe('ok-from-consumer');
    expect(consumer.seen).toHaveLength(1);
  });

  it('refuses a forward URL on a subdomain of localhost: the system resolver could send it anywhere', async () => {
    await expect(startForwarder({ forward: 'http://evil.localhost:3000' })).rejects.toMatchObject({ code: 'NOT_LOOPBACK' });
  });
});

describe('credentials in a forward URL', () => {
  it.each([
    ['forwarder', () => startForwarder({ forward: 'http://user:s3cr3t-pass@127.0.0.1:3000/hooks' })],
    ['proxy', () => startProxy({ target: 'http://user:s3cr3t-pass@127.0.0.1:4001' })],
  ])('the %s refuses user:password@ and its message does not repeat them', async (_kind, start) => {
    const error = await start().then(
      () => undefined,
      (refused: Error) => refused,
    );
    expect(error?.message).toMatch(/must not carry user:password@/);
    expect(error?.message).not.toContain('s3cr3t-pass');
  });

  it('does not repeat the password of a URL it cannot parse either', async () => {
    const error = await startForwarder({ forward: 'http://user:s3cr3t-pass@[bad' }).catch((refused: Error) => refused);
    expect((error as Error).message).toContain('//***@[bad');
    expect((error as Error).message).not.toContain('s3cr3t-pass');
  });
});
