import { describe, expect, it } from 'vitest';
import { hook, secret, call, create, update, list, rotate, send, delivery, judge } from './history-builders.js';

// The history rules are pure functions of a history: these tests build histories by hand (times in ms, history-builders.ts) and judge them.

describe('webhook read-after-write', () => {
  it('a list that began after a PUT took effect and shows the old values contradicts the PUT: both entries named', () => {
    const j = judge('webhook-reads', [
      create(0),
      update(10, 20, 'https://h.example/b', ['message.failed']),
      list(30, 35, [{ id: hook, url: 'https://h.example/a', events: ['message.delivered'] }]),
    ]);
    expect(j.contradictions.map((c) => [c.requirement, c.earlier, c.later])).toEqual([['WH-UPDATE-RESPONSE', [2], 3]]);
    expect(j.contradictions[0]?.message).toMatch(/#2 PUT .* set webhook .* but #3 GET \/v1\/webhooks/);
  });

  it('a list concurrent with the PUT may show either state (every order the spec allows)', () => {
    const old = [{ id: hook, url: 'https://h.example/a', events: ['message.delivered'] }];
    const j = judge('webhook-reads', [create(0), update(10, 30, 'https://h.example/b', ['message.failed']), list(20, 25, old)]);
    expect(j.contradictions).toEqual([]);
    expect(j.judged['WH-LIST-CONTAINS-CREATED']).toBe(1);
  });

  it('a refused PUT writes nothing; a PUT without an answer may or may not have applied', () => {
    const old = [{ id: hook, url: 'https://h.example/a', events: ['message.delivered'] }];
    const refused = { ...update(10, 20, 'https://h.example/b', ['message.failed']), status: 400 };
    const { status: _unanswered, ...lost } = update(10, 20, 'https://h.example/b', ['message.failed']);
    expect(judge('webhook-reads', [create(0), refused, list(30, 35, old)]).contradictions).toEqual([]);
    expect(judge('webhook-reads', [create(0), lost, list(30, 35, old)]).contradictions).toEqual([]);
  });
});

describe('webhook created_at in lists', () => {
  it('a list shows the created_at the create answered: the same instant in another form passes, another time fails', () => {
    const listed = (at: number, created: string) =>
      list(at, at + 5, [{ id: hook, url: 'https://h.example/a', events: ['message.delivered'], created_at: created }]);
    expect(judge('webhook-views', [create(0), listed(10, '2026-01-01T00:00:00+00:00')]).contradictions).toEqual([]);
    const moved = judge('webhook-views', [create(0), listed(10, '2026-01-01T00:00:07.000Z')]);
    expect(moved.contradictions.map((c) => [c.requirement, c.earlier, c.later])).toEqual([['WH-CREATED-AT-FIXED', [1], 2]]);
    // a list that began before the create answered may show anything of it
    expect(judge('webhook-views', [call(0, 50, { ...create(0), finishedAt: 50 }), listed(10, 'x')]).judged['WH-CREATED-AT-FIXED'] ?? 0).toBe(0);
  });
});

describe('message lifecycle over views', () => {
  const get = (at: number, end: number, status: string) =>
    call(at, end, { method: 'GET', path: '/v1/messages/m1', operationId: 'getMessage', json: { id: 'm1', status } });
  const page = (at: number, end: number, status: string) =>
    call(at, end, { method: 'GET', path: '/v1/messages', operationId: 'listMessages', json: { data: [{ id: 'm1', status }], pagination: {} } });

  it('a status may advance between a list and a GET, never go back', () => {
    expect(judge('message-lifecycle', [send(0, 5, 'm1'), page(10, 15, 'queued'), get(20, 25, 'sent')]).contradictions).toEqual([]);
    const back = judge('message-lifecycle', [send(0, 5, 'm1'), get(10, 15, 'delivered'), page(20, 25, 'sent')]);
    expect(back.contradictions.map((c) => [c.requirement, c.earlier, c.later])).toEqual([['MSG-LIFECYCLE', [2], 3]]);
  });

  it('overlapping views are in no order; an event sets the bar for views that begin after it arrived', () => {
    expect(judge('message-lifecycle', [send(0, 5, 'm1'), get(10, 30, 'delivered'), page(20, 25, 'sent')]).contradictions).toEqual([]);
    const after = judge('message-lifecycle', [send(0, 5, 'm1'), page(20, 25, 'sent')], [delivery(15, { event: 'message.delivered', id: 'm1' })]);
    expect(after.contradictions).toHaveLength(1);
  });

  it('a send answering a message a view showed before it began replays an older send (of this run or an earlier one): no view of now', () => {
    // a long-lived simulator keeps the Idempotency-Keys of earlier runs: the replay shows the first send's status (spec §4.1)
    const replay = judge('message-lifecycle', [page(0, 5, 'delivered'), send(10, 15, 'm1'), get(20, 25, 'delivered')]);
    expect(replay.contradictions).toEqual([]);
    // a list that overlaps the creating send may show the message: that send is still its creation, and judged
    const overlapping = judge('message-lifecycle', [page(0, 12, 'delivered'), send(10, 15, 'm1'), get(20, 25, 'queued')]);
    expect(overlapping.contradictions.map((c) => c.requirement)).toEqual(['MSG-LIFECYCLE']);
  });
});

describe('one message, many views', () => {
  const asked = { to: '+14155550100', from: '+14155550199', message: 'hi there' };
  const sent = (created: string) =>
    call(0, 5, {
      method: 'POST',
      path: '/v1/messages',
      operationId: 'sendMessage',
      status: 201,
      requestBody: JSON.stringify(asked),
      json: { id: 'm1', status: 'queued', direction: 'outbound', created_at: created, ...asked },
    });
  const get = (fields: Record<string, unknown>) =>
    call(10, 15, { method: 'GET', path: '/v1/messages/m1', operationId: 'getMessage', json: { id: 'm1', status: 'sent', ...asked, ...fields } });
  const listed = (fields: Record<string, unknown>) =>
    call(20, 25, {
      method: 'GET',
      path: '/v1/messages',
      operationId: 'listMessages',
      json: { data: [{ id: 'm1', status: 'sent', ...asked, ...fields }], pagination: {} },
    });
  const created = '2026-01-01T12:00:05.412Z';

  it('GET and the list show what the send asked for: a cut text in the list is MSG-LIST-ECHO, swapped numbers in GET MSG-GET-RESPONSE', () => {
    expect(judge('message-echo', [sent(created), get({}), listed({})]).contradictions).toEqual([]);
    const cut = judge('message-echo', [sent(created), get({}), listed({ message: 'hi' })]);
    expect(cut.contradictions.map((c) => [c.requirement, c.earlier, c.later])).toEqual([['MSG-LIST-ECHO', [1], 3]]);
    const swapped = judge('message-echo', [sent(created), get({ to: asked.from, from: asked.to })]);
    expect(swapped.contradictions.map((c) => c.requirement)).toEqual(['MSG-GET-RESPONSE']);
    expect(swapped.contradictions[0]?.message).toContain('to "+14155550100", from "+14155550199"');
  });

  it('one created_at and one direction: the same instant in another offset or to the second is the same, another time is not', () => {
    const same = judge('message-views', [
      sent(created),
      get({ created_at: created, direction: 'outbound' }),
      listed({ created_at: '2026-01-01T14:00:05+02:00' }),
    ]);
    expect(same.contradictions).toEqual([]);
    expect(same.judged['MSG-VIEWS-AGREE']).toBe(3);
    const later = judge('message-views', [sent(created), listed({ created_at: '2026-01-01T12:00:06.000Z' })]);
    expect(later.contradictions.map((c) => [c.requirement, c.earlier, c.later])).toEqual([['MSG-VIEWS-AGREE', [1], 2]]);
    expect(judge('message-views', [sent(created), get({ direction: 'inbound' })]).contradictions).toHaveLength(1);
  });
});

describe('secrets in force', () => {
  it('a delivery in flight across a rotation (its message created before) may carry the old secret', () => {
    const j = judge('delivery-secrets', [create(0), send(10, 15, 'm1'), rotate(20, 25)], [delivery(40, { event: 'message.delivered', id: 'm1', key: secret })]);
    expect(j.contradictions).toEqual([]);
  });

  it('a message created after the rotation completed is signed with the new secret only', () => {
    const j = judge('delivery-secrets', [create(0), rotate(20, 25), send(30, 35, 'm1')], [delivery(40, { event: 'message.delivered', id: 'm1', key: secret })]);
    expect(j.contradictions.map((c) => c.requirement).sort()).toEqual(['SIG-CURRENT-SECRET', 'WH-ROTATE-INVALIDATES-OLD']);
  });

  it('a retry sent after the receiver answered past the rotation is signed anew (SIG-RETRY-RESIGNED)', () => {
    const first = delivery(20, { event: 'message.delivered', id: 'm1', answer: 500 });
    const held = { ...first, answeredAt: 40 };
    const retry = delivery(50, { event: 'message.delivered', id: 'm1', key: secret });
    const j = judge('delivery-secrets', [create(0), send(10, 15, 'm1'), rotate(25, 30)], [held, retry]);
    expect(j.contradictions.map((c) => c.requirement)).toContain('SIG-RETRY-RESIGNED');
    expect(j.judged['SIG-RETRY-RESIGNED']).toBe(1);
  });
});

describe('attempts and records', () => {
  const listing = (at: number, records: unknown[]) =>
    call(at, at + 5, { method: 'GET', path: `/v1/webhooks/${hook}/deliveries`, operationId: 'listWebhookDeliveries', params: { id: hook }, json: records });

  it('a duplicate with its own delivery id is a duplicate (EVT-ONCE-PER-TRANSITION), not a retry', () => {
    const j = judge(
      'delivery-attempts',
      [create(0), send(10, 15, 'm1')],
      [delivery(20, { event: 'message.delivered', id: 'm1', deliveryId: 'd-1' }), delivery(30, { event: 'message.delivered', id: 'm1', deliveryId: 'd-2' })],
    );
    expect(j.contradictions.map((c) => c.requirement)).toEqual(['EVT-ONCE-PER-TRANSITION']);
  });

  it('a missing record is one failure of DLV-EACH-ATTEMPT-RECORDED; an extra null record is a network failure the receiver never saw', () => {
    const attempts = [delivery(20, { event: 'message.delivered', id: 'm1', answer: 500 }), delivery(30, { event: 'message.delivered', id: 'm1' })];
    const record = (code: number | null) => ({ id: `r${String(code)}`, event: 'message.delivered', status_code: code });
    const missing = judge('delivery-records', [create(0), send(10, 15, 'm1'), listing(500, [record(200)])], attempts);
    expect(missing.contradictions.map((c) => c.requirement)).toEqual(['DLV-EACH-ATTEMPT-RECORDED']);
    const extra = judge('delivery-records', [create(0), send(10, 15, 'm1'), listing(500, [record(200), record(500), record(null)])], attempts);
    expect(extra.contradictions).toEqual([]);
    expect(extra.judged['DLV-STATUS-CODE']).toBe(2);
  });

  it("a record missing while a newer attempt's record fills the count is DLV-EACH-ATTEMPT-RECORDED; a record that matches no attempt is DLV-STATUS-CODE", () => {
    // answered at 21 (500) and 31 (200) are owed a record by a listing from 500; the one answered at 451 is too recent to be owed
    const attempts = [
      delivery(20, { event: 'message.delivered', id: 'm1', answer: 500 }),
      delivery(30, { event: 'message.delivered', id: 'm1' }),
      delivery(450, { event: 'message.delivered', id: 'm1', deliveryId: 'd-2' }),
    ];
    const record = (id: string, code: number | null) => ({ id, event: 'message.delivered', status_code: code });
    const calls = (records: unknown[]) => [create(0), send(10, 15, 'm1'), listing(500, records)];
    const missing = judge('delivery-records', calls([record('a', 200), record('b', 200)]), attempts);
    expect(missing.contradictions.map((c) => [c.requirement, c.earlier])).toEqual([['DLV-EACH-ATTEMPT-RECORDED', [3]]]);
    expect(missing.contradictions[0]?.message).toMatch(/answered 500, but #6 GET .* holds no record of it/);
    const wrong = judge('delivery-records', calls([record('a', 200), record('b', 200), record('c', 200)]), attempts);
    expect(wrong.contradictions.map((c) => c.requirement)).toEqual(['DLV-STATUS-CODE']);
  });

  it('a full page 1 is judged with the pages read after it (records by id): the closed attempt found on page 2, or missing', () => {
    const page = (at: number, n: number, records: unknown[]) =>
      call(at, at + 5, {
        method: 'GET',
        path: `/v1/webhooks/${hook}/deliveries`,
        operationId: 'listWebhookDeliveries',
        params: { id: hook },
        query: { limit: '3', page: String(n) },
        json: records,
      });
    const attempts = [delivery(20, { event: 'message.delivered', id: 'm1', answer: null }), delivery(30, { event: 'message.delivered', id: 'm1' })];
    const other = (id: string) => ({ id, event: 'message.sent', status_code: 200 });
    const closed = { id: 'r-null', event: 'message.delivered', status_code: null };
    const ok = { id: 'r-200', event: 'message.delivered', status_code: 200 };
    // page 2 repeats a record pushed down by one that arrived between the pages (newest first)
    const swept = judge('delivery-records', [create(0), send(10, 15, 'm1'), page(500, 1, [other('a'), other('c'), ok]), page(510, 2, [ok, closed])], attempts);
    expect(swept.contradictions).toEqual([]);
    expect(swept.judged['DLV-STATUS-CODE-NULL']).toBe(1);
    const short = judge('delivery-records', [create(0), send(10, 15, 'm1'), page(500, 1, [other('a'), other('c'), ok]), page(510, 2, [other('b')])], attempts);
    expect(short.contradictions.map((c) => c.requirement)).toEqual(['DLV-EACH-ATTEMPT-RECORDED']);
    // a full page 1 alone shows not all records: nothing judged
    const alone = judge('delivery-records', [create(0), send(10, 15, 'm1'), page(500, 1, [other('a'), other('c'), ok])], attempts);
    expect(alone.judged['DLV-EACH-ATTEMPT-RECORDED'] ?? 0).toBe(0);
  });
});

describe('list order over pages', () => {
  const item = (id: string, createdAt: string) => ({ id, status: 'queued', created_at: createdAt });
  const page = (at: number, items: unknown[]) =>
    call(at, at + 5, {
      method: 'GET',
      path: '/v1/messages',
      operationId: 'listMessages',
      json: { data: items, pagination: { page: 1, limit: 20, total: 3, has_more: false } },
    });
  const newest = page(100, [item('m3', '2026-01-01T00:00:03Z'), item('m2', '2026-01-01T00:00:02Z'), item('m1', '2026-01-01T00:00:01Z')]);
  const mixed = page(200, [item('m2', '2026-01-01T00:00:02Z'), item('m3', '2026-01-01T00:00:03Z'), item('m1', '2026-01-01T00:00:01Z')]);

  it('pages in no created_at order are a contradiction naming the page; the same answers judged again in a moved window say the same', () => {
    expect(judge('list-order', [newest]).contradictions).toEqual([]);
    expect(judge('list-order', [newest]).judged['MSG-LIST-ORDER']).toBe(1);
    // a proxy judges its window again and again, the same answers in new histories (what a page showed is kept per answer)
    for (const calls of [[newest, mixed], [mixed], [newest, mixed]]) {
      const judgement = judge('list-order', calls);
      expect(judgement.judged['MSG-LIST-ORDER']).toBe(calls.length);
      expect(judgement.contradictions.map((c) => c.later)).toEqual([calls.length]);
      expect(judgement.contradictions[0]?.message).toMatch(/lists messages in no order \(neither by created_at nor by id/);
    }
  });

  it('newest first on one page and oldest first on another contradict each other; one timestamp repeated fits both', () => {
    const oldest = page(300, [item('m1', '2026-01-01T00:00:01Z'), item('m2', '2026-01-01T00:00:02Z')]);
    const same = page(400, [item('m1', '2026-01-01T00:00:01Z'), item('m2', '2026-01-01T00:00:01Z')]);
    const judgement = judge('list-order', [newest, oldest, same]);
    expect(judgement.judged['MSG-LIST-ORDER']).toBe(3);
    expect(judgement.contradictions.map((c) => c.message)).toEqual(['the pages of the unfiltered list (#1 to #3) fit no one order: each fits its own']);
    expect(judge('list-order', [newest, same]).contradictions).toEqual([]);
  });

  it('a list in id order passes (spec §4.1 states no order), and a filtered list may use another order than the unfiltered one', () => {
    const byId = (at: number, query: Record<string, string>) =>
      call(at, at + 5, {
        method: 'GET',
        path: '/v1/messages',
        operationId: 'listMessages',
        query,
        json: { data: [item('a', '2026-01-01T00:00:02Z'), item('b', '2026-01-01T00:00:03Z'), item('c', '2026-01-01T00:00:01Z')], pagination: {} },
      });
    const judgement = judge('list-order', [newest, byId(200, { status: 'queued' }), byId(300, { status: 'queued' })]);
    expect(judgement.contradictions).toEqual([]);
    expect(judgement.notes).toEqual(['GET /v1/messages lists in unfiltered: newest first or id descending; status=queued: id ascending']);
  });
});

describe('delivery ids, workspaces and stamps (stop 32)', () => {
  it('one delivery id at one webhook for two events is SIG-DELIVERY-ID-DISTINCT; the same id at two webhooks, or on a retry, is not', () => {
    const at = (path: string, event: string, deliveryId: string, answer: number | null = 200) =>
      delivery(path === '/a' ? 20 : 40, { path, event, id: 'm1', status: event === 'message.sent' ? 'sent' : 'delivered', deliveryId, answer });
    const shared = judge(
      'delivery-attempts',
      [create(0), send(10, 15, 'm1')],
      [at('/a', 'message.sent', 'd-1'), delivery(30, { event: 'message.delivered', id: 'm1', deliveryId: 'd-1' })],
    );
    expect(shared.contradictions.map((c) => c.requirement)).toEqual(['SIG-DELIVERY-ID-DISTINCT']);
    const distinct = judge(
      'delivery-attempts',
      [create(0), send(10, 15, 'm1')],
      [at('/a', 'message.sent', 'd-1'), delivery(30, { event: 'message.delivered', id: 'm1', deliveryId: 'd-2' })],
    );
    expect(distinct.contradictions).toEqual([]);
    expect(distinct.judged['SIG-DELIVERY-ID-DISTINCT']).toBe(1);
    const acrossWebhooks = judge(
      'delivery-attempts',
      [create(0), send(10, 15, 'm1')],
      [at('/a', 'message.delivered', 'd-1'), at('/b', 'message.delivered', 'd-1')],
    );
    expect(acrossWebhooks.contradictions).toEqual([]);
    const retry = judge(
      'delivery-attempts',
      [create(0), send(10, 15, 'm1')],
      [
        delivery(20, { event: 'message.delivered', id: 'm1', deliveryId: 'd-1', answer: 500 }),
        delivery(30, { event: 'message.delivered', id: 'm1', deliveryId: 'd-1' }),
      ],
    );
    expect(retry.contradictions).toEqual([]);
    // a retry's repeated id is no evidence that distinct deliveries get distinct ids
    expect(retry.judged['SIG-DELIVERY-ID-DISTINCT'] ?? 0).toBe(0);
  });

  it("one API key's webhooks and /v1/user/me show one workspace_id; another key may have another", () => {
    const ws = (id: string) => ({ id: hook, workspace_id: id, url: 'https://h.example/a', events: ['message.sent'] });
    const me = (at: number, id: string, principal = 'growth') =>
      call(at, at + 5, { method: 'GET', path: '/v1/user/me', operationId: 'getCurrentUser', principal, json: { id: 'u1', workspace_id: id } });
    expect(judge('workspace-of-key', [me(0, 'w1'), list(10, 15, [ws('w1')]), me(20, 'w2', 'starter')]).contradictions).toEqual([]);
    const split = judge('workspace-of-key', [me(0, 'w1'), list(10, 15, [ws('w1'), ws('w9')])]);
    expect(split.contradictions.map((c) => [c.requirement, c.earlier, c.later])).toEqual([['WH-WORKSPACE-OF-KEY', [1], 2]]);
  });

  it('a stamp within 5 minutes of its call passes (clocks differ); hours off fails; a replayed send is judged once', () => {
    const t0 = Date.parse('2026-01-01T12:00:00.000Z');
    const sent = (at: number, createdAt: string, id = 'm1') =>
      call(at, at + 50, {
        method: 'POST',
        path: '/v1/messages',
        operationId: 'sendMessage',
        status: 201,
        json: { id, status: 'queued', created_at: createdAt },
      });
    const skewed = judge('stamped-now', [sent(t0, '2026-01-01T12:04:59.000Z'), sent(t0, '2026-01-01T11:55:01.000Z', 'm2')]);
    expect(skewed.contradictions).toEqual([]);
    expect(skewed.judged['MSG-CREATED-AT-NOW']).toBe(2);
    const localAsZ = judge('stamped-now', [sent(t0, '2026-01-01T14:00:00.000Z')]);
    expect(localAsZ.contradictions.map((c) => c.requirement)).toEqual(['MSG-CREATED-AT-NOW']);
    expect(localAsZ.contradictions[0]?.message).toMatch(/2\.0 h after its answer came/);
    // a replay an hour later answers the first send's message: its stamp is not judged against the replay's time
    const replayed = judge('stamped-now', [sent(t0, '2026-01-01T12:00:00.010Z'), sent(t0 + 3_600_000, '2026-01-01T12:00:00.010Z')]);
    expect(replayed.contradictions).toEqual([]);
    expect(replayed.judged['MSG-CREATED-AT-NOW']).toBe(1);
  });
});
