import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractMix } from '../../bench/contract-mix.js';
import type { MixRequest } from '../../bench/contract-mix.js';
import type { Receiver } from '../../receiver/index.js';
import { receiverForTarget, startHarnessReceiver } from '../../suites/engine/index.js';
import { referenceTarget } from '../../targets/index.js';
import type { Target } from '../../targets/index.js';

// The harness bench compares the contract suites with autocannon sending this sequence: it is only a fair baseline
// while every request of it is valid and does the work it names (a refused request would be cheap and flatter it).
let receiver: Receiver;
let target: Target;

beforeAll(async () => {
  receiver = await startHarnessReceiver();
  target = referenceTarget();
  await target.start(receiverForTarget(receiver));
});
afterAll(async () => {
  await target.stop();
  await receiver.stop();
});

describe('the contract mix of the harness bench', () => {
  it('is all 2xx, as autocannon plays it (hooks and all), and leaves no webhook behind', async () => {
    const context: Record<string, unknown> = {};
    const seen: string[] = [];
    for (let round = 0; round < 2; round++) {
      for (const given of contractMix(target)) {
        const request: MixRequest = given.setupRequest ? given.setupRequest(given, context) : given;
        const response = await fetch(`${target.baseUrl}${request.path}`, {
          method: request.method,
          headers: request.headers ?? {},
          ...(request.body === undefined ? {} : { body: request.body }),
        });
        const body = await response.text();
        request.onResponse?.(response.status, body, context);
        seen.push(`${request.method} ${request.path.replace(/[0-9a-f-]{36}/, '{id}')} ${response.status}`);
      }
    }
    expect(seen.slice(0, 7)).toEqual([
      'POST /v1/messages 201',
      'POST /v1/messages/send-template 201',
      'POST /v1/webhooks 201',
      'PUT /v1/webhooks/{id} 200',
      'GET /v1/webhooks/{id}/deliveries 200',
      'DELETE /v1/webhooks/{id} 204',
      'GET /v1/messages?limit=20 200',
    ]);
    expect(seen.slice(7)).toEqual(seen.slice(0, 7));
    const webhooks = await fetch(`${target.baseUrl}/v1/webhooks`, { headers: { 'x-api-key': target.keys.growth as string } });
    expect(await webhooks.json()).toEqual([]);
  });
});
