import { afterEach, describe, expect, it } from 'vitest';
import { WebhookTrackingStep } from '../../../targets/pipeline/webhook-tracking-step.js';
import { WebhookTracker } from '../../../targets/webhook-tracker.js';
import { startStub } from '../stub-server.js';
import type { Stub } from '../stub-server.js';
import { stepRunner } from './step-runner.js';
import type { StepRunner } from './step-runner.js';

let stub: Stub | undefined;
let runner: StepRunner | undefined;
afterEach(async () => {
  await runner?.close();
  await stub?.close();
});

describe('WebhookTrackingStep', () => {
  it('remembers the webhooks 2xx answers created, with their key, and forgets the deleted ones', async () => {
    let next = 0;
    stub = await startStub((req) => (req.method === 'POST' ? (req.body.includes('bad') ? [422, {}] : [201, { id: `wh_${++next}` }]) : [404, {}]));
    const tracker = new WebhookTracker();
    runner = stepRunner(stub.url, [new WebhookTrackingStep(tracker)]);
    await runner.send({ method: 'POST', path: '/v1/webhooks', body: { url: 'https://a.example' } });
    await runner.send({ method: 'POST', path: '/v1/webhooks/', body: { url: 'https://b.example' }, key: 'starter' });
    await runner.send({ method: 'POST', path: '/v1/webhooks', body: { url: 'bad' } });
    expect(tracker.leftovers()).toEqual([
      { id: 'wh_1', key: 'growth' },
      { id: 'wh_2', key: 'starter' },
    ]);
    // spec §4.2: a 404 on delete means it is already gone
    await runner.send({ method: 'DELETE', path: '/v1/webhooks/wh_1' });
    expect(tracker.leftovers()).toEqual([{ id: 'wh_2', key: 'starter' }]);
  });
});
