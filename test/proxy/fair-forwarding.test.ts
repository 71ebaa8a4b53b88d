// Issue 26 item 1: no fixed pool one class of slow requests can exhaust, the target's silence timed only while the
// proxy waits on the target, and the answers the proxy makes up marked as its own.
import { Agent, request } from 'node:http';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startProxy } from '../../proxy/index.js';
import type { RunningProxy } from '../../proxy/index.js';
import { bodyOf, headerOf, json, rawExchange, startTarget } from './raw-http.js';

let proxy: RunningProxy | undefined;
let target: Awaited<ReturnType<typeof startTarget>> | undefined;
afterEach(async () => {
  await proxy?.stop(100);
  await target?.stop();
  proxy = target = undefined;
});

const message = {
  id: 'm1',
  to: '+14155550123',
  from: '+14155550100',
  message: 'hi',
  status: 'queued',
  direction: 'outbound',
  created_at: '2024-01-01T00:00:00Z',
};

describe('fair, bounded forwarding', () => {
  it('forwards 300 requests at once: the target holds every answer until all 300 are in (a pool of 256 never got there)', async () => {
    const waiting: ServerResponse[] = [];
    target = await startTarget((_req, res) => {
      waiting.push(res);
      if (waiting.length === 300) for (const held of waiting) json(held, 200, message);
    });
    proxy = await startProxy({ target: target.url, timeoutMs: 20_000 });
    const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
    const answers = await Promise.all(Array.from({ length: 300 }, () => rawExchange(`${proxy!.url}/v1/messages/m1`, { agent })));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 300 }, () => 200));
  }, 30_000);

  it('does not time out a slow upload: the target is not silent while the client is still sending', async () => {
    target = await startTarget(async (req, res) => {
      await bodyOf(req);
      json(res, 201, message);
    });
    proxy = await startProxy({ target: target.url, timeoutMs: 1_000 });
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${proxy!.url}/v1/messages`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, agent: false },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      // four parts 700 ms apart: 2.8 s of upload against a 1 s silence limit
      const parts = ['{"to":"+14155550123",', '"from":"+14155550100",', '"message":', '"hi"}'];
      const timer = setInterval(() => {
        req.write(parts.shift() as string);
        if (parts.length === 0) {
          clearInterval(timer);
          req.end();
        }
      }, 700);
    });
    expect(status).toBe(201);
  });

  it('answers a marked 504 when the target stays silent, and counts the exchange as not graded (no answer)', async () => {
    target = await startTarget(() => undefined);
    proxy = await startProxy({ target: target.url, timeoutMs: 300 });
    const answer = await rawExchange(`${proxy.url}/v1/messages/m1`);
    expect(answer.status).toBe(504);
    expect(headerOf(answer.rawHeaders, 'x-conformance-proxy')).toBe('no-answer-from-target');
    expect(JSON.parse(answer.body.toString('utf8'))).toMatchObject({ error: 'proxy_no_answer' });
    await proxy.stop(100);
    expect([...proxy.tally.notGraded]).toEqual([['no answer from the target (TIMEOUT)', 1]]);
  });
});
