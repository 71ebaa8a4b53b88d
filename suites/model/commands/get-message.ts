import { answered, is2xx } from '../model-real.js';
import type { ModelReal } from '../model-real.js';
import { MessagingModel } from '../model-state.js';
import { ModelCommand } from '../model-command.js';
import { expectMessage } from '../expect-message.js';

/** GET /v1/messages/{id} of a message this run created: it reads back what was sent (spec §4.1). */
export class GetMessage extends ModelCommand {
  constructor(readonly messageIndex: number) {
    super();
  }

  override check(model: Readonly<MessagingModel>): boolean {
    return model.messages.length > 0;
  }

  toString(): string {
    return `getMessage(message #${this.messageIndex})`;
  }

  protected override describe(model: MessagingModel): string {
    return `getMessage(${MessagingModel.pick(model.messages, this.messageIndex).label})`;
  }

  protected async apply(model: MessagingModel, real: ModelReal): Promise<void> {
    const expected = MessagingModel.pick(model.messages, this.messageIndex);
    const exchange = await real.request({ method: 'GET', path: `/v1/messages/${encodeURIComponent(expected.id)}` });
    real.must('MSG-GET-RESPONSE', is2xx(exchange.status), `${answered(exchange)} for message ${expected.label}, which was created`, exchange);
    real.successStatus('ERR-READ-STATUS-200', 200, exchange);
    if (!is2xx(exchange.status)) return;
    real.schema(exchange, 'Message', 'MSG-GET-RESPONSE');
    expectMessage(real, exchange, exchange.json, expected, { shape: 'MSG-GET-RESPONSE', echo: 'MSG-GET-RESPONSE', outbound: 'MSG-GET-RESPONSE' });
  }
}
