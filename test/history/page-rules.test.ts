import { describe, expect, it } from 'vitest';
import { call, judge, send } from './history-builders.js';

// The page-totals rule over hand-built histories (times in ms): a page that ends exactly at the list's end.

/** A page of GET /v1/messages with the pagination object the target answered. */
function page(at: number, end: number, query: { page: number; limit: number }, ids: string[], pagination: { total: number; has_more: boolean }) {
  return call(at, end, {
    method: 'GET',
    path: '/v1/messages',
    operationId: 'listMessages',
    query: { page: String(query.page), limit: String(query.limit) },
    json: {
      data: ids.map((id) => ({ id, status: 'delivered', direction: 'outbound', created_at: '2026-01-01T00:00:00.000Z' })),
      pagination: { page: query.page, limit: query.limit, ...pagination },
    },
  });
}

describe('page totals on a page that ends exactly at the end', () => {
  it('has_more true on the last page of 3 (limit 1, page 3, total 3) with nothing created meanwhile is a contradiction', () => {
    const sends = [send(0, 5, 'm1'), send(10, 15, 'm2'), send(20, 25, 'm3')];
    const j = judge('page-totals', [...sends, page(40, 45, { page: 3, limit: 1 }, ['m1'], { total: 3, has_more: true })]);
    expect(j.contradictions.map((c) => [c.requirement, c.later])).toEqual([['PAGE-TOTAL-CONSISTENT', 4]]);
    expect(j.contradictions[0]?.message).toMatch(/total 3, has_more true: those say 1 items and has_more false/);
  });

  it('has_more false there passes; so does has_more true while a message was being created (it may count it)', () => {
    const sends = [send(0, 5, 'm1'), send(10, 15, 'm2'), send(20, 25, 'm3')];
    const exact = judge('page-totals', [...sends, page(40, 45, { page: 3, limit: 1 }, ['m1'], { total: 3, has_more: false })]);
    expect(exact.contradictions).toEqual([]);
    expect(exact.judged['PAGE-TOTAL-CONSISTENT']).toBe(1);
    const busy = judge('page-totals', [...sends, send(38, 50, 'm4'), page(40, 45, { page: 3, limit: 1 }, ['m1'], { total: 3, has_more: true })]);
    expect(busy.contradictions).toEqual([]);
  });
});
