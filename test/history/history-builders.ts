import { createHmac } from 'node:crypto';
import { historyOf, historyRule, judgeHistory } from '../../rules/index.js';
import type { CallRecord, DeliveryRecord, Judgement } from '../../rules/index.js';

// Histories built by hand (times in ms) for the history rules' tests: each rule is a pure function of a history.
export const hook = '11111111-2222-4333-8444-555555555555';
export const secret = 'whsec_' + 'a'.repeat(64);
export const newSecret = 'whsec_' + 'b'.repeat(64);

/** A call as the recorder keeps it (source T, the growth key, 200 unless given). */
export function call(startedAt: number, finishedAt: number, fields: Partial<CallRecord> & Pick<CallRecord, 'method' | 'path' | 'operationId'>): CallRecord {
  return { source: 'T', principal: 'growth', query: {}, params: {}, status: 200, startedAt, finishedAt, ...fields };
}

export const create = (at: number, url = 'https://h.example/a', events = ['message.delivered']) =>
  call(at, at + 5, {
    method: 'POST',
    path: '/v1/webhooks',
    operationId: 'createWebhook',
    status: 201,
    requestBody: JSON.stringify({ url, events }),
    json: { id: hook, url, events, created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' },
    secret,
  });
export const update = (at: number, end: number, url: string, events: string[]) =>
  call(at, end, {
    method: 'PUT',
    path: `/v1/webhooks/${hook}`,
    operationId: 'updateWebhook',
    params: { id: hook },
    requestBody: JSON.stringify({ url, events }),
    json: { id: hook, url, events },
  });
export const list = (at: number, end: number, items: unknown[]) =>
  call(at, end, { method: 'GET', path: '/v1/webhooks', operationId: 'listWebhooks', json: items });
export const rotate = (at: number, end: number) =>
  call(at, end, { method: 'POST', path: `/v1/webhooks/${hook}/rotate-secret`, operationId: 'rotateWebhookSecret', params: { id: hook }, secret: newSecret });
export const send = (at: number, end: number, id: string) =>
  call(at, end, { method: 'POST', path: '/v1/messages', operationId: 'sendMessage', status: 201, json: { id, status: 'queued' } });

/** A delivery as the receiver stores it, signed with DESIGN.md §4's service scheme under `key`. */
export function delivery(
  receivedAt: number,
  fields: { path?: string; event: string; id: string; status?: string; key?: string; deliveryId?: string; answer?: number | null },
): DeliveryRecord {
  const raw = Buffer.from(JSON.stringify({ event: fields.event, data: { id: fields.id, status: fields.status ?? 'delivered' } }));
  const t = Math.floor(receivedAt / 1000);
  const v1 = createHmac('sha256', fields.key ?? secret)
    .update(`${t}.`)
    .update(raw)
    .digest('hex');
  const headers = { 'service-signature': `t=${t},v1=${v1}`, 'service-event': fields.event, 'service-delivery-id': fields.deliveryId ?? 'd-1' };
  return {
    path: fields.path ?? '/a',
    headers,
    headerPairs: Object.entries(headers),
    raw,
    json: JSON.parse(raw.toString()),
    receivedAt,
    answeredAt: receivedAt + 1,
    answerStatus: fields.answer === undefined ? 200 : fields.answer,
  };
}

/** What the named rule finds over the calls and deliveries. */
export function judge(rule: string, calls: CallRecord[], deliveries: DeliveryRecord[] = []): Judgement {
  return judgeHistory(historyRule(rule), historyOf(calls, deliveries));
}
