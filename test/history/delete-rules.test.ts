import { describe, expect, it } from 'vitest';
import { call, create, delivery, hook, judge, send } from './history-builders.js';

// spec §4.2 DELETE (WH-DELETE-STOPS-DELIVERIES): a retry owed to a webhook is owed only while it exists. Times in ms.
const remove = (at: number, end: number) =>
  call(at, end, { method: 'DELETE', path: `/v1/webhooks/${hook}`, operationId: 'deleteWebhook', params: { id: hook }, status: 204 });

/** An attempt of message m1's message.delivered (delivery id d-1) arriving at `at` and answered at `answeredAt`. */
const attempt = (at: number, answeredAt: number, answer: number | null) => ({ ...delivery(at, { event: 'message.delivered', id: 'm1', answer }), answeredAt });

describe('deliveries after a delete: retries', () => {
  it('a retry of an attempt the receiver answered after the delete completed contradicts the delete, naming it and the attempt retried', () => {
    const j = judge('delivery-routing', [create(0), send(10, 15, 'm1'), remove(30, 35)], [attempt(20, 40, 500), attempt(60, 61, 200)]);
    expect(j.contradictions.map((c) => c.requirement)).toEqual(['WH-DELETE-STOPS-DELIVERIES']);
    const [found] = j.contradictions;
    expect(found?.message).toMatch(/DELETE .* deleted webhook .* but .* brought message\.delivered as a retry of .* answered after the delete completed/);
    // the delete, the send and the attempt retried come before the retry that contradicts them
    expect(found?.earlier).toHaveLength(3);
    expect(Math.max(...(found?.earlier ?? []))).toBeLessThan(found?.later ?? 0);
  });

  it('a retry owed before the delete (its attempt answered before the delete began) is in flight: no contradiction', () => {
    const j = judge('delivery-routing', [create(0), send(10, 15, 'm1'), remove(30, 35)], [attempt(20, 21, 500), attempt(60, 61, 200)]);
    expect(j.contradictions).toEqual([]);
  });

  it('a retry that arrived before the receiver answered the attempt it repeats (the sender gave up waiting) bounds nothing', () => {
    const j = judge('delivery-routing', [create(0), send(10, 15, 'm1'), remove(40, 45)], [attempt(20, 50, null), attempt(30, 31, 200)]);
    expect(j.contradictions).toEqual([]);
  });

  it('a failed attempt answered after the delete, and no retry after it, is evidence the delete stopped the retries', () => {
    const quiet = judge('delivery-routing', [create(0), send(10, 15, 'm1'), remove(30, 35)], [attempt(20, 40, 500)]);
    expect(quiet.contradictions).toEqual([]);
    expect(quiet.judged['WH-DELETE-STOPS-DELIVERIES']).toBe(1);
    // answered before the delete: no retry was owed after it, so nothing is judged
    const owedBefore = judge('delivery-routing', [create(0), send(10, 15, 'm1'), remove(30, 35)], [attempt(20, 21, 500)]);
    expect(owedBefore.judged['WH-DELETE-STOPS-DELIVERIES'] ?? 0).toBe(0);
  });
});
