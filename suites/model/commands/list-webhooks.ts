import { answered, is2xx } from '../model-real.js';
import type { ModelReal } from '../model-real.js';
import type { MessagingModel } from '../model-state.js';
import { ModelCommand } from '../model-command.js';
import { secretFields } from '../webhook-helpers.js';
import { sameEvents } from '../../../rules/index.js';

/** GET /v1/webhooks: a bare array without secrets; of this run's webhooks, exactly the live ones with current values (spec §4.2). */
export class ListWebhooks extends ModelCommand {
  toString(): string {
    return 'listWebhooks()';
  }

  protected async apply(model: MessagingModel, real: ModelReal): Promise<void> {
    const exchange = await real.request({ method: 'GET', path: '/v1/webhooks' });
    real.must('WH-LIST-BARE-ARRAY', is2xx(exchange.status), `${answered(exchange)} to listing webhooks`, exchange);
    real.successStatus('ERR-READ-STATUS-200', 200, exchange);
    if (!is2xx(exchange.status)) return;
    const items = exchange.json;
    real.must('WH-LIST-BARE-ARRAY', Array.isArray(items), 'GET /v1/webhooks did not answer a bare array', exchange);
    if (!Array.isArray(items)) return;
    for (const item of items) {
      const leaked = secretFields(item);
      real.must(
        'WH-LIST-NO-SECRET',
        leaked.length === 0,
        `GET /v1/webhooks lists webhook ${String((item as { id?: unknown })?.id)} with ${leaked.join(' and ')}`,
        exchange,
      );
    }
    const own = new Map<string, Record<string, unknown>>();
    for (const item of items as Record<string, unknown>[]) if (typeof item?.id === 'string' && model.created.has(item.id)) own.set(item.id, item);
    if (own.size > 0) real.schema({ ...exchange, json: [...own.values()] }, 'listWebhooks.response.200', 'WH-FIELDS');
    for (const webhook of model.live) {
      const listed = own.get(webhook.id);
      real.must('WH-LIST-CONTAINS-CREATED', listed !== undefined, `webhook ${webhook.label} is live but not listed`, exchange);
      real.must(
        'WH-LIST-CONTAINS-CREATED',
        listed?.url === webhook.url,
        `webhook ${webhook.label} is listed with url ${JSON.stringify(listed?.url)}, not its current one`,
        exchange,
      );
      real.must(
        'WH-LIST-CONTAINS-CREATED',
        sameEvents(listed?.events, webhook.events),
        `webhook ${webhook.label} is listed with events ${JSON.stringify(listed?.events)}, not ${JSON.stringify(webhook.events)}`,
        exchange,
      );
    }
    for (const gone of model.deleted) real.must('WH-DELETE-REMOVES', !own.has(gone.id), `webhook ${gone.label} was deleted but is still listed`, exchange);
  }
}
