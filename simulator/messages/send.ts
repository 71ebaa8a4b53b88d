import { randomUUID } from 'node:crypto';
import type { ReferenceContext } from '../context.js';
import type { RequestContext } from '../http/router.js';
import type { Reply } from '../http/reply.js';
import { jsonReply } from '../http/reply.js';
import { invalid } from '../errors.js';
import { canonicalJson } from './idempotency.js';
import type { FaultSet } from '../faults/fault-set.js';

/** A checked send request, ready to be stored. */
export interface SendInput {
  to: string;
  from: string;
  message: string;
  metadata?: Record<string, unknown>;
}

/** Reads the Idempotency-Key header (spec §4.1: 1 to 255 characters); absent → null. */
export function idempotencyKey(req: RequestContext, faults: FaultSet): string | null {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? (raw[0] ?? '') : raw;
  const max = faults.has('accepts-256-char-key') ? 256 : 255;
  if (key.length < 1 || key.length > max) throw invalid('Idempotency-Key must be 1 to 255 characters long');
  // fault idempotency-key-truncated: keys stored in a 64-character column, so keys sharing those 64 are one key
  if (faults.has('idempotency-key-truncated')) return key.slice(0, 64);
  // fault idempotency-key-case-folded: keys in a case-insensitive column (a database's default collation)
  return faults.has('idempotency-key-case-folded') ? key.toLowerCase() : key;
}

/**
 * The shared path of both send operations: validate, then honour Idempotency-Key (DESIGN §4),
 * then create the message and answer 201 with it.
 */
export async function send(ref: ReferenceContext, req: RequestContext, check: (body: Record<string, unknown>) => SendInput): Promise<Reply> {
  const template = req.path === '/v1/messages/send-template';
  const key = idempotencyKey(req, ref.faults);
  if (key === null && !template && ref.faults.has('idempotency-key-required')) throw invalid('Idempotency-Key is required');
  const body = ref.api.readJson(req.raw);
  const input = check(body);
  const ignoreKey = ref.faults.has('no-idempotent-replay') || (template && ref.faults.has('template-idempotency-ignored'));
  if (key === null || ignoreKey) return create(ref, input, template);
  const shared = ref.faults.has('idempotency-not-scoped') || (!template && ref.faults.has('freeform-idempotency-not-scoped'));
  const scope = shared ? '' : req.apiKey;
  const fingerprint = `${req.method} ${req.path} ${canonicalJson(body)}`;
  const decision = ref.idempotency.begin(scope, key, fingerprint);
  if (decision.kind === 'replay') {
    // fault replay-stores-duplicate: the replay answers right but the handler stored a copy before it looked
    if (ref.faults.has('replay-stores-duplicate')) create(ref, input, template);
    return replay(ref, decision.reply);
  }
  try {
    // fault idempotency-claim-late: the key is written after the message (two writes, no lock): a send that comes
    // while the first is being written finds no key and makes a second message (a sequential retry replays right)
    const claimLate = ref.faults.has('idempotency-claim-late');
    if (claimLate) ref.idempotency.abandon(scope, key);
    const delayMs = claimLate ? Math.max(ref.options.sendDelayMs, 20) : ref.options.sendDelayMs;
    if (delayMs > 0) await ref.scheduler.sleep(delayMs);
    if (claimLate) ref.idempotency.begin(scope, key, fingerprint);
    const reply = create(ref, input, template);
    ref.idempotency.complete(scope, key, reply);
    return reply;
  } catch (err) {
    ref.idempotency.abandon(scope, key);
    throw err;
  }
}

function create(ref: ReferenceContext, input: SendInput, template: boolean): Reply {
  const message = ref.messages.createOutbound(input, template);
  const shown = ref.messages.present(message);
  if (ref.faults.has('new-message-sent-status')) shown.status = 'sent';
  if (ref.faults.has('send-answer-trimmed')) shown.message = String(shown.message).trim();
  return jsonReply(201, template && ref.faults.has('template-response-wrapped') ? { data: shown } : shown);
}

function replay(ref: ReferenceContext, reply: Reply): Reply {
  // fault replay-answers-200: the replay is the first body as a plain read would answer it (200, not the first 201)
  if (ref.faults.has('replay-answers-200')) return { ...reply, status: 200 };
  if (!ref.faults.has('replay-new-id') || reply.json === undefined) return reply;
  return jsonReply(reply.status, { ...(JSON.parse(reply.json) as object), id: randomUUID() }, reply.headers);
}
