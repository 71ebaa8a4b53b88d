import { randomUUID } from 'node:crypto';
import { around } from '../../around.js';
import type { ReferenceContext } from '../../context.js';
import { invalid } from '../../errors.js';
import { jsonReply } from '../../http/reply.js';
import type { Reply } from '../../http/reply.js';
import type { RequestContext } from '../../http/router.js';
import type { SendInput } from '../../messages/send-checks.js';
import { beforeOperation } from './answers.js';
import type { Patch, Patches } from './patch.js';

const TEMPLATE_PATH = '/v1/messages/send-template';

/** The Idempotency-Key a request carries, as given. */
function keyHeader(req: RequestContext): string | undefined {
  const raw = req.headers['idempotency-key'];
  return Array.isArray(raw) ? raw[0] : raw;
}

/** A fault of the key a send is known by: `edit` turns the key read into the key used. */
function keyRead(edit: (key: string, req: RequestContext) => string | null): Patch {
  return ({ sendSteps }) =>
    around(sendSteps, 'idempotencyKey', (next, req) => {
      const key = next(req);
      return key === null ? null : edit(key, req);
    });
}

/** A fault of the answer a replay gets. */
function replayed(edit: (reply: Reply) => Reply): Patch {
  return ({ idempotency }) =>
    around(idempotency, 'begin', (next, scope, key, fingerprint) => {
      const decision = next(scope, key, fingerprint);
      return decision.kind === 'replay' ? { ...decision, reply: edit(decision.reply) } : decision;
    });
}

/** The send a replay answers, remembered from its checks (checks and the key's lookup run in one go, no await between). */
function lastChecked(ref: ReferenceContext): () => SendInput | undefined {
  let last: SendInput | undefined;
  for (const part of ['freeForm', 'template'] as const) around(ref.sendChecks, part, (next, body) => (last = next(body)));
  return () => last;
}

/** The faults of Idempotency-Key (spec §4.1, DESIGN §4): the key, its scope, its claim and its replays. */
export const idempotencyPatches: Patches = {
  'accepts-256-char-key': ({ sendSteps }) =>
    around(sendSteps, 'idempotencyKey', (next, req) => (keyHeader(req)?.length === 256 ? (keyHeader(req) ?? null) : next(req))),
  // keys stored in a 64-character column, so keys sharing those 64 are one key
  'idempotency-key-truncated': keyRead((key) => key.slice(0, 64)),
  // keys in a case-insensitive column (a database's default collation)
  'idempotency-key-case-folded': keyRead((key) => key.toLowerCase()),
  'idempotency-key-required': (ref) =>
    beforeOperation(ref, 'sendMessage', (req) => {
      if (keyHeader(req) === undefined) throw invalid('Idempotency-Key is required');
    }),
  'no-idempotent-replay': keyRead(() => null),
  'template-idempotency-ignored': keyRead((key, req) => (req.path === TEMPLATE_PATH ? null : key)),
  'idempotency-not-scoped': ({ sendSteps }) => around(sendSteps, 'idempotencyScope', () => ''),
  'freeform-idempotency-not-scoped': ({ sendSteps }) => around(sendSteps, 'idempotencyScope', (next, req) => (req.path === TEMPLATE_PATH ? next(req) : '')),
  'different-body-replayed': ({ idempotency }) => around(idempotency, 'begin', (next, scope, key) => next(scope, key, '')),
  // the replay answers right but the handler stored a copy before it looked
  'replay-stores-duplicate': (ref) => {
    const checked = lastChecked(ref);
    replayed((reply) => {
      const input = checked();
      if (input) ref.messages.createOutbound(input);
      return reply;
    })(ref);
  },
  // the key is written after the message (two writes, no lock): a send that comes while the first is being written finds
  // no key and makes a second message (a sequential retry replays right)
  'idempotency-claim-late': ({ idempotency, sendSteps, scheduler, options }) => {
    const claim = idempotency.begin.bind(idempotency);
    const claimed = new Map<string, string>();
    around(idempotency, 'begin', (next, scope, key, fingerprint) => {
      const decision = next(scope, key, fingerprint);
      if (decision.kind === 'new') {
        idempotency.abandon(scope, key);
        claimed.set(`${scope}\u0000${key}`, fingerprint);
      }
      return decision;
    });
    around(sendSteps, 'inFlight', () => scheduler.sleep(Math.max(options.sendDelayMs, 20)));
    around(idempotency, 'complete', (next, scope, key, reply) => {
      const fingerprint = claimed.get(`${scope}\u0000${key}`);
      claimed.delete(`${scope}\u0000${key}`);
      if (fingerprint !== undefined) claim(scope, key, fingerprint);
      next(scope, key, reply);
    });
  },
  // the replay is the first body as a plain read would answer it (200, not the first 201)
  'replay-answers-200': replayed((reply) => ({ ...reply, status: 200 })),
  'replay-new-id': replayed((reply) =>
    reply.json === undefined ? reply : jsonReply(reply.status, { ...(JSON.parse(reply.json) as object), id: randomUUID() }, reply.headers),
  ),
};
