import { answered, is2xx } from '../model-real.js';
import type { ModelReal } from '../model-real.js';
import type { MessagingModel, ModelWebhook } from '../model-state.js';
import { LiveWebhookCommand } from '../live-webhook-command.js';
import { jsonObject } from '../expect-message.js';
import { secretFields, webhookUrl } from '../webhook-helpers.js';
import { sameEvents } from '../../../rules/index.js';

/** PUT /v1/webhooks/{id} with a new url and events: answered without the secret, with the new values (spec §4.2). */
export class UpdateWebhook extends LiveWebhookCommand {
  constructor(
    webhookIndex: number,
    readonly events: readonly string[],
  ) {
    super('updateWebhook', webhookIndex);
  }

  protected override detail(): string {
    return `, ${JSON.stringify(this.events)}`;
  }

  protected async applyTo(webhook: ModelWebhook, model: MessagingModel, real: ModelReal): Promise<void> {
    const url = webhookUrl(real, model, `${webhook.label}-${model.nextUpdateSuffix()}`);
    const exchange = await real.request({ method: 'PUT', path: `/v1/webhooks/${webhook.id}`, body: { url, events: this.events } });
    real.must('WH-UPDATE-RESPONSE', is2xx(exchange.status), `${answered(exchange)} to a valid update of ${webhook.label}`, exchange);
    real.successStatus('ERR-READ-STATUS-200', 200, exchange);
    if (!is2xx(exchange.status)) return;
    const leaked = secretFields(exchange.json);
    real.must('WH-UPDATE-NO-SECRET', leaked.length === 0, `the update of ${webhook.label} answered ${leaked.join(' and ')}`, exchange);
    real.schema(exchange, 'Webhook', 'WH-UPDATE-RESPONSE');
    const json = jsonObject(exchange);
    real.must('WH-UPDATE-RESPONSE', json.id === webhook.id, `the update of ${webhook.label} answered id ${JSON.stringify(json.id)}`, exchange);
    real.must('WH-UPDATE-RESPONSE', json.url === url, `the update of ${webhook.label} answered url ${JSON.stringify(json.url)}, not the new one`, exchange);
    real.must(
      'WH-UPDATE-RESPONSE',
      sameEvents(json.events, this.events),
      `the update of ${webhook.label} answered events ${JSON.stringify(json.events)}`,
      exchange,
    );
    webhook.url = url;
    webhook.events = [...this.events];
  }
}
