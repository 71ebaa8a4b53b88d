import { compactCanonicalJson } from '../../spec/build/canonical-json.js';
import type { CallEntry } from '../history/history.js';
import { parseJson, stringField } from './json-fields.js';
import type { Interval } from './realtime.js';

/** A send with an Idempotency-Key (spec §4.1): its scope, what it asked and what it got, as digests. */
export interface KeyedSend extends Interval {
  readonly seq: number;
  readonly principal: string;
  readonly key: string;
  /** The operation and the canonical body: the same request twice has the same value. */
  readonly request: string;
  readonly status?: number;
  /** The canonical answer (status and body) when it had one. */
  readonly answer?: string;
  readonly messageId?: string;
}

/** The keyed send a call is, if it is one (a send with an Idempotency-Key). */
export function keyedSend(call: CallEntry): KeyedSend | undefined {
  if ((call.operationId !== 'sendMessage' && call.operationId !== 'sendTemplateMessage') || call.idempotencyKey === undefined) return undefined;
  return new RecordedKeyedSend(call, call.idempotencyKey);
}

/**
 * The digests are made when a rule first reads them: the idempotency rule compares only sends that share a key, and
 * their answers only when the requests match (a third and a sixth of a default run's keyed sends, issue 28).
 */
class RecordedKeyedSend implements KeyedSend {
  readonly seq: number;
  readonly startedAt: number;
  readonly finishedAt: number;
  readonly principal: string;
  readonly status?: number;
  readonly messageId?: string;
  #request: string | undefined;
  #answer: string | undefined;

  constructor(
    private readonly call: CallEntry,
    readonly key: string,
  ) {
    this.seq = call.seq;
    this.startedAt = call.startedAt;
    this.finishedAt = call.finishedAt;
    this.principal = call.principal;
    if (call.status !== undefined) this.status = call.status;
    const messageId = call.status !== undefined && call.status < 300 ? stringField(call.json, 'id') : undefined;
    if (messageId !== undefined) this.messageId = messageId;
  }

  get request(): string {
    const { call } = this;
    this.#request ??= `${call.operationId}\u0000${compactCanonicalJson(parseJson(call.requestBody) ?? call.requestBody ?? null)}`;
    return this.#request;
  }

  get answer(): string | undefined {
    const { call } = this;
    if (call.status === undefined) return undefined;
    this.#answer ??= `${call.status}\u0000${compactCanonicalJson(call.json ?? null)}`;
    return this.#answer;
  }
}
