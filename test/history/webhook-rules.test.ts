import { describe, expect, it } from 'vitest';
import { hook, call, create, update, list, rotate, delivery, judge } from './history-builders.js';

// Webhook rules (test-routing, webhook-found, webhook-list-stamps) over histories built by hand (history-builders.ts).

describe('test sends after a move (stop 33)', () => {
  const test = (at: number, end: number) =>
    call(at, end, { method: 'POST', path: `/v1/webhooks/${hook}/test`, operationId: 'testWebhook', params: { id: hook } });
  const moved = [create(0, 'https://h.example/a'), update(10, 20, 'https://h.example/b', ['message.delivered'])];

  it('a test send started after a PUT moved the webhook arrives at the new path; at the old one it is WH-TEST-SENDS-PAYLOAD', () => {
    const ok = judge('test-routing', [...moved, test(30, 50)], [delivery(40, { path: '/b', event: 'test.webhook.sent', id: hook })]);
    expect(ok.contradictions).toEqual([]);
    expect(ok.judged['WH-TEST-SENDS-PAYLOAD']).toBe(1);
    const old = judge('test-routing', [...moved, test(30, 50)], [delivery(40, { path: '/a', event: 'test.webhook.sent', id: hook })]);
    expect(old.contradictions.map((c) => [c.requirement, c.earlier, c.later])).toEqual([['WH-TEST-SENDS-PAYLOAD', [2, 3], 4]]);
    expect(old.contradictions[0]?.message).toMatch(/#2 PUT .* set webhook .*\/b, but the test send of #3 POST .* arrived at another path/);
  });

  it('a test call concurrent with the PUT may go to either url; a delivery outside any test call is not judged', () => {
    const concurrent = judge(
      'test-routing',
      [create(0, 'https://h.example/a'), update(10, 40, 'https://h.example/b', ['message.delivered']), test(20, 50)],
      [delivery(30, { path: '/a', event: 'test.webhook.sent', id: hook })],
    );
    expect(concurrent.contradictions).toEqual([]);
    const outside = judge('test-routing', [...moved, test(30, 50)], [delivery(60, { path: '/a', event: 'test.webhook.sent', id: hook })]);
    expect(outside.contradictions).toEqual([]);
    expect(outside.judged['WH-TEST-SENDS-PAYLOAD'] ?? 0).toBe(0);
  });
});

describe('a webhook stays until it is deleted (stop 33)', () => {
  const other = '99999999-2222-4333-8444-555555555555';
  const use = (at: number, status: number, principal = 'growth') =>
    call(at, at + 5, {
      method: 'GET',
      path: `/v1/webhooks/${hook}/deliveries`,
      operationId: 'listWebhookDeliveries',
      params: { id: hook },
      status,
      json: [],
      principal,
    });
  const remove = (at: number, id: string) =>
    call(at, at + 5, { method: 'DELETE', path: `/v1/webhooks/${id}`, operationId: 'deleteWebhook', params: { id }, status: 204 });

  it('a 404 on a created webhook no DELETE of it preceded is a contradiction naming the create and the DELETE of another webhook since it was last found', () => {
    const j = judge('webhook-found', [create(0), use(10, 200), remove(20, other), use(30, 404)]);
    expect(j.contradictions.map((c) => [c.requirement, c.earlier, c.later, c.explainsLater])).toEqual([['WH-FOUND-UNTIL-DELETED', [1, 3], 4, true]]);
    expect(j.contradictions[0]?.message).toMatch(
      /#1 POST .* created webhook .* no DELETE of it began before #4 GET .* the webhook vanished; since it was last found, #3 DELETE .* deleted another webhook/,
    );
  });

  it('after a DELETE of it (answered or not) a 404 is what DESIGN.md decides; another key may not see it', () => {
    expect(judge('webhook-found', [create(0), remove(10, hook), use(30, 404)]).contradictions).toEqual([]);
    const unanswered = call(10, 20, { method: 'DELETE', path: `/v1/webhooks/${hook}`, operationId: 'deleteWebhook', params: { id: hook }, status: undefined });
    expect(judge('webhook-found', [create(0), unanswered, use(30, 404)]).contradictions).toEqual([]);
    const starter = judge('webhook-found', [create(0), use(30, 404, 'starter')]);
    expect(starter.contradictions).toEqual([]);
    expect(starter.judged['WH-FOUND-UNTIL-DELETED']).toBe(0);
  });

  it('a 404 of an operation that answered no call of the run 2xx is a route not served, not a webhook that vanished', () => {
    const missing = judge('webhook-found', [create(0), use(30, 404)]);
    expect(missing.contradictions).toEqual([]);
    expect(missing.judged['WH-FOUND-UNTIL-DELETED'] ?? 0).toBe(0);
    // once the same operation answered 2xx (on any webhook), its 404 on a webhook that was not deleted is the webhook's
    const served = judge('webhook-found', [create(0), use(30, 404), { ...use(40, 200), params: { id: 'another' } }]);
    expect(served.contradictions.map((c) => c.requirement)).toEqual(['WH-FOUND-UNTIL-DELETED']);
  });
});

describe('updated_at in lists (WH-UPDATED-AT-LISTED)', () => {
  const created = '2026-01-01T00:00:00.000Z';
  const put = '2026-01-01T00:00:00.015Z';
  const stamped = (entry: ReturnType<typeof update>, updatedAt: string) => ({ ...entry, json: { ...(entry.json as object), updated_at: updatedAt } });
  const listed = (at: number, updatedAt: string) =>
    list(at, at + 5, [{ id: hook, url: 'https://h.example/b', events: ['message.failed'], created_at: created, updated_at: updatedAt }]);
  const putAt = (at: number, end: number) => stamped(update(at, end, 'https://h.example/b', ['message.failed']), put);

  it("a list begun after a PUT shows the PUT's updated_at: the create's is a contradiction naming both; the same instant to the second passes", () => {
    const stale = judge('webhook-list-stamps', [create(0), putAt(10, 20), listed(30, created)]);
    expect(stale.contradictions.map((c) => [c.requirement, c.earlier, c.later])).toEqual([['WH-UPDATED-AT-LISTED', [2], 3]]);
    expect(stale.contradictions[0]?.message).toMatch(/#2 PUT .* updated_at 2026-01-01T00:00:00.015Z; #3 GET \/v1\/webhooks/);
    const ok = judge('webhook-list-stamps', [create(0), putAt(10, 20), listed(30, '2026-01-01T02:00:00+02:00')]);
    expect(ok.contradictions).toEqual([]);
    expect(ok.judged['WH-UPDATED-AT-LISTED']).toBe(1);
  });

  it('a list concurrent with the PUT may show either stamp; an unanswered PUT leaves it unjudged', () => {
    expect(judge('webhook-list-stamps', [create(0), putAt(10, 40), listed(30, created)]).contradictions).toEqual([]);
    const { status: _unanswered, ...lost } = putAt(10, 20);
    const unjudged = judge('webhook-list-stamps', [create(0), lost, listed(30, created)]);
    expect(unjudged.contradictions).toEqual([]);
    expect(unjudged.judged['WH-UPDATED-AT-LISTED'] ?? 0).toBe(0);
  });

  it("after a rotation the list shows the rotation's answer, whether it stamped updated_at or kept it", () => {
    const rotation = (updatedAt: string) => ({ ...rotate(30, 40), json: { id: hook, updated_at: updatedAt } });
    expect(
      judge('webhook-list-stamps', [create(0), putAt(10, 20), rotation('2026-01-01T00:00:00.035Z'), listed(50, '2026-01-01T00:00:00.035Z')]).contradictions,
    ).toEqual([]);
    expect(judge('webhook-list-stamps', [create(0), putAt(10, 20), rotation(put), listed(50, put)]).contradictions).toEqual([]);
    expect(judge('webhook-list-stamps', [create(0), putAt(10, 20), rotation('2026-01-01T00:00:00.035Z'), listed(50, put)]).contradictions).toHaveLength(1);
  });
});
