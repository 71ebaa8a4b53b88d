import type { ReferenceContext } from '../context.js';
import type { RequestContext } from '../http/router.js';
import type { Reply } from '../http/reply.js';
import { jsonReply } from '../http/reply.js';
import { canonicalJson } from './idempotency.js';
import type { SendInput } from './send-checks.js';

/**
 * The shared path of both send operations: validate, then honour Idempotency-Key (DESIGN §4),
 * then create the message and answer 201 with it.
 */
export async function send(ref: ReferenceContext, req: RequestContext, check: (body: Record<string, unknown>) => SendInput): Promise<Reply> {
  const steps = ref.sendSteps;
  const key = steps.idempotencyKey(req);
  const body = ref.api.readJson(req.raw);
  const input = check(body);
  if (key === null) return create(ref, input);
  const scope = steps.idempotencyScope(req);
  const fingerprint = `${req.method} ${req.path} ${canonicalJson(body)}`;
  const decision = ref.idempotency.begin(scope, key, fingerprint);
  if (decision.kind === 'replay') return decision.reply;
  try {
    await steps.inFlight();
    const reply = create(ref, input);
    ref.idempotency.complete(scope, key, reply);
    return reply;
  } catch (err) {
    ref.idempotency.abandon(scope, key);
    throw err;
  }
}

function create(ref: ReferenceContext, input: SendInput): Reply {
  return jsonReply(201, ref.messages.present(ref.messages.createOutbound(input)));
}
