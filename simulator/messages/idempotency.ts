import type { Reply } from '../http/reply.js';
import { ApiError } from '../errors.js';

interface Entry {
  fingerprint: string;
  reply: Reply | null;
  createdAt: number;
}

/** What to do with a request that carries an Idempotency-Key. */
export type IdempotencyDecision = { kind: 'new' } | { kind: 'replay'; reply: Reply };

/**
 * Idempotency keys of the send operations (DESIGN §4): same key + same request replays the stored
 * reply; a different request is 422; a key whose first request is still running is 409.
 */
export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>();
  private calls = 0;

  constructor(
    private readonly clock: () => number,
    private readonly ttlMs: number,
  ) {}

  /** Claims `key` within `scope` for a request with `fingerprint`, or says to replay. */
  begin(scope: string, key: string, fingerprint: string): IdempotencyDecision {
    this.sweepNow();
    const id = `${scope}\u0000${key}`;
    const entry = this.entries.get(id);
    if (entry && entry.createdAt + this.ttlMs > this.clock()) {
      if (entry.fingerprint !== fingerprint) {
        throw new ApiError(422, 'idempotency_conflict', 'Idempotency-Key was already used with a different request: use a new key for a new request');
      }
      if (!entry.reply) {
        throw new ApiError(409, 'idempotency_conflict', 'a request with this Idempotency-Key is still in progress: retry when it has finished');
      }
      return { kind: 'replay', reply: entry.reply };
    }
    this.entries.set(id, { fingerprint, reply: null, createdAt: this.clock() });
    return { kind: 'new' };
  }

  /** Stores the reply of a claimed key. */
  complete(scope: string, key: string, reply: Reply): void {
    const entry = this.entries.get(`${scope}\u0000${key}`);
    if (entry) entry.reply = reply;
  }

  /** Releases a claimed key whose request failed, so that a retry can run. */
  abandon(scope: string, key: string): void {
    const id = `${scope}\u0000${key}`;
    if (this.entries.get(id)?.reply === null) this.entries.delete(id);
  }

  private sweepNow(): void {
    if (++this.calls % 1000 !== 0) return;
    const now = this.clock();
    for (const [id, entry] of this.entries) if (entry.createdAt + this.ttlMs <= now && entry.reply) this.entries.delete(id);
  }
}

/** A stable text form of a JSON value (object keys sorted), so key order does not make bodies differ. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
