import { describe, expect, it } from 'vitest';
import { call, judge } from './history-builders.js';

// issue 34: a filtered list in id order (spec §4.1 states no order) fits created_at order on a short page by chance
const stamp = (n: number) => `2026-01-01T00:00:${String(n).padStart(2, '0')}.000Z`;
const msg = (id: string, n: number) => ({ id, status: 'delivered', direction: 'outbound', created_at: stamp(n) });
const sent = (at: number, id: string, n: number) =>
  call(at, at + 5, { method: 'POST', path: '/v1/messages', operationId: 'sendMessage', status: 201, json: { ...msg(id, n), status: 'queued' } });
const got = (at: number, id: string, n: number) =>
  call(at, at + 5, { method: 'GET', path: `/v1/messages/${id}`, operationId: 'getMessage', params: { message_id: id }, json: msg(id, n) });
const page = (at: number, n: number, items: unknown[], more: boolean, limit = 2) =>
  call(at, at + 5, {
    method: 'GET',
    path: '/v1/messages',
    operationId: 'listMessages',
    query: { status: 'delivered', limit: String(limit), page: String(n) },
    json: { data: items, pagination: { page: n, limit, has_more: more } },
  });

// five delivered messages m-a .. m-e created at seconds 1..5; ids sort in another order than created_at
const ids = ['m-c', 'm-a', 'm-e', 'm-b', 'm-d'];
const setup = ids.flatMap((id, i) => [sent(i * 10, id, i + 1), got(100 + i * 10, id, i + 1)]);
const byId = [...ids].sort().map((id) => msg(id, ids.indexOf(id) + 1));

describe('the filter rule and the order of a filtered list', () => {
  it('a walk cut short in id order owes nothing of the created_at range its two items happen to span', () => {
    // page 1 in id order: m-a (2 s), m-b (4 s): oldest first by chance; m-e (3 s) lies between and sits on a later page
    const cut = judge('message-filters', [...setup, page(1000, 1, byId.slice(0, 2), true)]);
    expect(cut.contradictions).toEqual([]);
  });

  it('a complete walk owes every message with the status whatever the order: one left out fails', () => {
    const all = judge('message-filters', [...setup, page(1000, 1, byId, false, 5)]);
    expect(all.contradictions).toEqual([]);
    const dropped = judge('message-filters', [
      ...setup,
      page(
        1000,
        1,
        byId.filter((m) => m.id !== 'm-e'),
        false,
        5,
      ),
    ]);
    expect(dropped.contradictions.map((c) => c.requirement)).toEqual(['MSG-LIST-FILTER-STATUS']);
    expect(dropped.contradictions[0]?.message).toMatch(/message m-e with status delivered/);
  });

  it('a list shown in created_at order on pages enough still owes the range a walk cut short covered', () => {
    const newest = [5, 4, 3, 2, 1].map((n) => msg(ids[n - 1] as string, n));
    // pages of five in created_at order: log2(5!) ≈ 6.9 bits each, three are past the proof
    const proof = [2000, 3000, 4000].map((at) => page(at, 1, newest, false, 5));
    const skipped = judge('message-filters', [...setup, ...proof, page(5000, 1, [newest[0], newest[2]], true)]);
    // m-b (4 s) lies between the two items read (5 s, 3 s)
    expect(skipped.contradictions.map((c) => c.message)).toEqual([expect.stringMatching(/message m-b with status delivered/)]);
    // without the proof the same walk owes nothing
    expect(judge('message-filters', [...setup, page(5000, 1, [newest[0], newest[2]], true)]).contradictions).toEqual([]);
  });
});
