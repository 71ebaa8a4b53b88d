import { answered, is4xx } from '../model-real.js';
import type { ModelReal } from '../model-real.js';
import type { MessagingModel } from '../model-state.js';
import { ModelCommand } from '../model-command.js';

/** GET /v1/messages/{id} of an id no message has: a 4xx (spec §4.1), 404 by DESIGN.md §4. */
export class GetUnknownMessage extends ModelCommand {
  toString(): string {
    return 'getMessage(unknown id)';
  }

  protected async apply(model: MessagingModel, real: ModelReal): Promise<void> {
    const exchange = await real.request({ method: 'GET', path: `/v1/messages/model-${model.nonce}-never-sent` });
    real.must('MSG-GET-UNKNOWN-4XX', is4xx(exchange.status), `${answered(exchange)} for an id no message has`, exchange);
    real.should('MSG-GET-UNKNOWN-404', exchange.status === 404, `${answered(exchange)} for an unknown id, not 404`, exchange);
  }
}
