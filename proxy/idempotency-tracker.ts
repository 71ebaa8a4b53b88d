import { createHash } from 'node:crypto';
import { canonicalJson } from '../spec/build/canonical-json.js';
import { fail, pass } from '../rules/index.js';
import type { Finding } from '../rules/index.js';

/** The first answer a key got: hashes and the created id only (no bodies, no keys are kept). */
interface FirstAnswer {
  readonly request: string;
  readonly answer: string;
  readonly status: number;
  readonly id?: string;
  readonly finishedAt: number;
}

/** One exchange of a send operation that carried an Idempotency-Key, as the tracker needs it. */
export interface KeyedSend {
  readonly operationId: string;
  readonly apiKey: string;
  readonly idempotencyKey: string;
  readonly body: unknown;
  readonly status: number;
  readonly answer: unknown;
  readonly answerText: string;
  readonly startedAt: number;
  readonly finishedAt: number;
}

/** Keys are kept 24 h (DESIGN.md §4 idempotency): an older first answer no longer binds the key. */
const retentionMs = 24 * 60 * 60 * 1000;

/**
 * Watches the replays a client's traffic happens to contain (DESIGN.md §4 idempotency): same API key + same
 * Idempotency-Key + same body must get the first answer again (IDEM-REPLAY); a different body must be refused with
 * 422 and create nothing (IDEM-BODY-MISMATCH-422). Remembers at most `capacity` keys, oldest dropped first.
 */
export class IdempotencyTracker {
  private readonly first = new Map<string, FirstAnswer>();

  constructor(private readonly capacity = 10_000) {}

  /** Keys remembered now. */
  get size(): number {
    return this.first.size;
  }

  /** Findings of one keyed send, and remembers its answer when it is the key's first 2xx. */
  observe(send: KeyedSend): Finding[] {
    const scope = `${digest(send.apiKey)}\u0000${send.idempotencyKey}`;
    const request = digest(`${send.operationId}\u0000${canonicalJson(send.body)}`);
    const known = this.first.get(scope);
    if (known !== undefined && known.finishedAt + retentionMs < send.startedAt) this.first.delete(scope);
    const first = this.first.get(scope);
    if (first === undefined) {
      if (send.status >= 200 && send.status < 300)
        this.remember(scope, { request, answer: answerDigest(send), status: send.status, ...idOf(send.answer), finishedAt: send.finishedAt });
      return [];
    }
    // sent before the first answer was complete: in flight (409 territory, DESIGN.md §4), not a replay
    if (send.startedAt < first.finishedAt) return [];
    const id = idOf(send.answer).id;
    if (first.request === request) {
      if (send.status === first.status && answerDigest(send) === first.answer) return [pass('IDEM-REPLAY')];
      const why =
        id !== first.id
          ? `answered id ${id ?? '(none)'} where the first answer had ${first.id ?? '(none)'}; a second message may have been created`
          : 'answered a body that differs from the first answer';
      return [fail('IDEM-REPLAY', `a retry with the same Idempotency-Key and body got ${send.status} (first: ${first.status}) and ${why}`)];
    }
    if (send.status === 422) return [pass('IDEM-BODY-MISMATCH-422')];
    if (send.status >= 200 && send.status < 300) {
      const what = id !== undefined && id !== first.id ? `created message ${id}` : 'replayed the first answer';
      return [fail('IDEM-BODY-MISMATCH-422', `the same Idempotency-Key with a different body got ${send.status} and ${what}; expected 422, nothing created`)];
    }
    return send.status >= 400 && send.status < 500
      ? [fail('IDEM-BODY-MISMATCH-422', `the same Idempotency-Key with a different body got ${send.status}; DESIGN.md §4 decides 422`)]
      : [];
  }

  private remember(scope: string, answer: FirstAnswer): void {
    this.first.set(scope, answer);
    if (this.first.size > this.capacity) this.first.delete(this.first.keys().next().value as string);
  }
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}

function answerDigest(send: KeyedSend): string {
  return digest(send.answer === undefined ? send.answerText : canonicalJson(send.answer));
}

function idOf(answer: unknown): { id?: string } {
  const id = (answer as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' ? { id: id.slice(0, 100) } : {};
}
