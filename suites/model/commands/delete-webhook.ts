import { answered, is2xx } from '../model-real.js';
import type { ModelReal } from '../model-real.js';
import type { MessagingModel, ModelWebhook } from '../model-state.js';
import { LiveWebhookCommand } from '../live-webhook-command.js';

/** DELETE /v1/webhooks/{id}: 2xx, and the webhook is gone afterwards (spec §4.2); 204 without a body by DESIGN.md §4. */
export class DeleteWebhook extends LiveWebhookCommand {
  constructor(webhookIndex: number) {
    super('deleteWebhook', webhookIndex);
  }

  protected async applyTo(webhook: ModelWebhook, model: MessagingModel, real: ModelReal): Promise<void> {
    const exchange = await real.request({ method: 'DELETE', path: `/v1/webhooks/${webhook.id}` });
    real.must('WH-DELETE-REMOVES', is2xx(exchange.status), `${answered(exchange)} to deleting ${webhook.label}`, exchange);
    real.should(
      'WH-DELETE-NO-BODY',
      exchange.status === 204 && exchange.bodyText === '',
      `${answered(exchange)} with ${exchange.bodyText === '' ? 'no body' : 'a body'}, not 204 without a body`,
      exchange,
    );
    if (!is2xx(exchange.status)) return;
    model.live.splice(model.live.indexOf(webhook), 1);
    model.deleted.push({ id: webhook.id, label: webhook.label });
  }
}
