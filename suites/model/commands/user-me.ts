import { answered, is2xx } from '../model-real.js';
import type { ModelReal } from '../model-real.js';
import type { MessagingModel } from '../model-state.js';
import { ModelCommand } from '../model-command.js';

/** GET /v1/user/me: 2xx with the run's key (spec §4.3); {id, email, name, workspace_id, created_at} by DESIGN.md §4. */
export class UserMe extends ModelCommand {
  toString(): string {
    return 'userMe()';
  }

  protected async apply(_model: MessagingModel, real: ModelReal): Promise<void> {
    const exchange = await real.request({ method: 'GET', path: '/v1/user/me' });
    real.must('USER-ME-CONNECTION', is2xx(exchange.status), `${answered(exchange)} to the connection test`, exchange);
    if (is2xx(exchange.status)) real.schema(exchange, 'User', 'USER-ME-CONNECTION', 'USER-ME-SHAPE');
  }
}
