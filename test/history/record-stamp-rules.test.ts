import { describe, expect, it } from 'vitest';
import { call, create, delivery, hook, judge } from './history-builders.js';

// The record-stamps rule (DLV-DELIVERED-AT-ATTEMPT) over hand-built histories: only the spread of the attempts counts.

const listing = (at: number, stamps: string[]) =>
  call(at, at + 5, {
    method: 'GET',
    path: `/v1/webhooks/${hook}/deliveries`,
    operationId: 'listWebhookDeliveries',
    params: { id: hook },
    json: stamps.map((stamp, i) => ({ id: `r${i}`, event: 'test.webhook.sent', status_code: 200, delivered_at: stamp })),
  });
const attemptsAt = (...times: number[]) => times.map((at, i) => delivery(at, { event: 'test.webhook.sent', id: hook, deliveryId: `d-${i}` }));

describe('delivered_at of the records of one webhook', () => {
  it('two records stamped alike for attempts 380 ms apart contradict the attempts: both named, and the listing', () => {
    const j = judge('record-stamps', [create(0), listing(500, ['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'])], attemptsAt(20, 400));
    expect(j.contradictions.map((c) => [c.requirement, c.later])).toEqual([['DLV-DELIVERED-AT-ATTEMPT', 4]]);
    expect(j.contradictions[0]?.earlier).toEqual([2, 3]);
    expect(j.contradictions[0]?.message).toMatch(/at most 1 of them within 1 ms .* lists 2 records stamped delivered_at 2026-01-01T00:00:00.000Z/);
  });

  it('distinct stamps pass whatever the clock difference; attempts within the slack, or within one second for whole-second stamps, may share one', () => {
    const apart = judge('record-stamps', [create(0), listing(500, ['2026-03-01T05:00:00.400Z', '2026-03-01T05:00:00.020Z'])], attemptsAt(20, 400));
    expect(apart.contradictions).toEqual([]);
    expect(apart.judged['DLV-DELIVERED-AT-ATTEMPT']).toBe(1);
    const close = judge('record-stamps', [create(0), listing(500, ['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'])], attemptsAt(20, 60));
    expect(close.contradictions).toEqual([]);
    const seconds = judge('record-stamps', [create(0), listing(500, ['2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'])], attemptsAt(20, 400));
    expect(seconds.contradictions).toEqual([]);
  });

  it('a listing with more answered records than attempts the receiver saw is not judged (attempts elsewhere)', () => {
    const j = judge('record-stamps', [create(0), listing(500, ['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'])], attemptsAt(20));
    expect(j.contradictions).toEqual([]);
    expect(j.judged['DLV-DELIVERED-AT-ATTEMPT'] ?? 0).toBe(0);
  });
});
