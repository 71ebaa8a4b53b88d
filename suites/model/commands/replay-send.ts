import { isDeepStrictEqual } from 'node:util';
import { answered, is2xx } from '../model-real.js';
import type { ModelReal } from '../model-real.js';
import { MessagingModel } from '../model-state.js';
import type { ModelKey } from '../model-state.js';
import { ModelCommand } from '../model-command.js';
import { jsonObject } from '../expect-message.js';

/** POST /v1/messages again with an Idempotency-Key this run used: the same body, or the same key with another message. */
export class ReplaySend extends ModelCommand {
  constructor(
    readonly keyIndex: number,
    /** undefined: the same body; else the message text of a different body. */
    readonly otherMessage: string | undefined,
  ) {
    super();
  }

  override check(model: Readonly<MessagingModel>): boolean {
    return model.keys.length > 0;
  }

  toString(): string {
    return `replaySend(key #${this.keyIndex}, ${this.otherMessage === undefined ? 'same body' : `message ${JSON.stringify(this.otherMessage)}`})`;
  }

  protected override describe(model: MessagingModel): string {
    const key = MessagingModel.pick(model.keys, this.keyIndex);
    const what = this.otherMessage === undefined ? 'same body' : `different message ${JSON.stringify(this.differentText(key))}`;
    return `replaySend(${key.label} of ${model.message(key.id)?.label ?? key.id}, ${what})`;
  }

  protected async apply(model: MessagingModel, real: ModelReal): Promise<void> {
    const key = MessagingModel.pick(model.keys, this.keyIndex);
    const body = this.otherMessage === undefined ? key.body : { ...key.body, message: this.differentText(key) };
    const exchange = await real.request({ method: 'POST', path: '/v1/messages', body, headers: { 'idempotency-key': key.value } });
    if (this.otherMessage !== undefined) return this.mismatch(model, real, key, body, exchange);
    const json = jsonObject(exchange);
    real.must(
      'IDEM-REPLAY',
      exchange.status === key.status,
      `${answered(exchange)} to a same-body retry of ${key.label}; the first answer was ${key.status}`,
      exchange,
    );
    if (json.id !== key.id) {
      // spec §4.1: a replay creates nothing; a fresh id that reads back means a second message exists
      const second = typeof json.id === 'string' ? model.message(json.id) === undefined && (await readsBack(real, json.id)) : false;
      real.must('IDEM-NO-DUPLICATE', !second, `the retry of ${key.label} created a second message ${String(json.id)} (the first is ${key.id})`, exchange);
      real.must('IDEM-REPLAY', false, `the retry of ${key.label} answered id ${JSON.stringify(json.id)}, the first answer had ${key.id}`, exchange);
    }
    real.must(
      'IDEM-REPLAY',
      isDeepStrictEqual(exchange.json, key.json),
      `the retry of ${key.label} answered a body that differs from the first answer`,
      exchange,
    );
  }

  private differentText(key: ModelKey): string {
    const text = this.otherMessage ?? '';
    return text === key.body.message ? `${text} (changed)` : text;
  }

  /** Same key, different body: the spec does not say (must: no 5xx); DESIGN.md §4 decides 422 and nothing created. */
  private mismatch(model: MessagingModel, real: ModelReal, key: ModelKey, body: ModelKey['body'], exchange: Awaited<ReturnType<ModelReal['request']>>): void {
    real.must('ERR-NO-5XX', exchange.status < 500, `${answered(exchange)} to key ${key.label} with a different body`, exchange);
    real.should('IDEM-BODY-MISMATCH-422', exchange.status === 422, `${answered(exchange)} to key ${key.label} with a different body, not 422`, exchange);
    const json = jsonObject(exchange);
    // a target that accepts it as a new message: keep the model in step with what it now holds
    if (is2xx(exchange.status) && typeof json.id === 'string' && model.message(json.id) === undefined && json.message === body.message) {
      model.addMessage(json.id, body);
    }
  }
}

async function readsBack(real: ModelReal, id: string): Promise<boolean> {
  const exchange = await real.request({ method: 'GET', path: `/v1/messages/${encodeURIComponent(id)}` });
  return is2xx(exchange.status);
}
