import { answered, is2xx } from '../model-real.js';
import type { ModelReal } from '../model-real.js';
import type { MessagingModel, SendBody } from '../model-state.js';
import { ModelCommand } from '../model-command.js';
import { expectMessage, jsonObject } from '../expect-message.js';

/** POST /v1/messages with a new body, with or without a fresh Idempotency-Key (spec §4.1). */
export class SendMessage extends ModelCommand {
  constructor(
    readonly body: SendBody,
    readonly withKey: boolean,
  ) {
    super();
  }

  toString(): string {
    return `sendMessage(${JSON.stringify(this.body)}${this.withKey ? ', new Idempotency-Key' : ''})`;
  }

  protected override describe(model: MessagingModel): string {
    return `m${model.messages.length} = ${this.toString()}`;
  }

  protected async apply(model: MessagingModel, real: ModelReal): Promise<void> {
    const key = this.withKey ? model.nextKey() : undefined;
    const exchange = await real.request({
      method: 'POST',
      path: '/v1/messages',
      body: this.body,
      ...(key ? { headers: { 'idempotency-key': key.value } } : {}),
    });
    real.must(key ? 'MSG-SEND-SUCCESS-2XX' : 'IDEM-KEY-OPTIONAL', is2xx(exchange.status), `${answered(exchange)} to a valid send`, exchange);
    real.successStatus('MSG-SEND-STATUS-201', 201, exchange);
    if (!is2xx(exchange.status)) return;
    real.schema(exchange, 'Message', 'MSG-SEND-RESPONSE');
    const json = jsonObject(exchange);
    const id = expectMessage(real, exchange, json, this.body, { shape: 'MSG-SEND-RESPONSE', echo: 'MSG-SEND-ECHO', outbound: 'MSG-SEND-OUTBOUND' });
    real.should('MSG-NEW-QUEUED', json.status === 'queued', `a new message has status ${JSON.stringify(json.status)}, not queued`, exchange);
    if (id === undefined) return;
    const clash = model.message(id);
    real.must('MSG-ID-UNIQUE', clash === undefined, `the send answered id ${id}, which message ${clash?.label ?? ''} already has`, exchange);
    if (clash) return;
    model.addMessage(id, this.body);
    if (key) model.keys.push({ ...key, body: this.body, status: exchange.status, json: exchange.json, id });
  }
}
