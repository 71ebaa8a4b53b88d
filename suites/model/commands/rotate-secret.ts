import { answered, is2xx } from '../model-real.js';
import type { ModelReal } from '../model-real.js';
import type { MessagingModel, ModelWebhook } from '../model-state.js';
import { LiveWebhookCommand } from '../live-webhook-command.js';
import { jsonObject } from '../expect-message.js';
import { secretFormat } from '../webhook-helpers.js';

/** POST /v1/webhooks/{id}/rotate-secret: the webhook with a new secret, different from the old (spec §4.2). */
export class RotateSecret extends LiveWebhookCommand {
  constructor(webhookIndex: number) {
    super('rotateSecret', webhookIndex);
  }

  protected async applyTo(webhook: ModelWebhook, model: MessagingModel, real: ModelReal): Promise<void> {
    const exchange = await real.request({ method: 'POST', path: `/v1/webhooks/${webhook.id}/rotate-secret` });
    real.must('WH-ROTATE-NEW-SECRET', is2xx(exchange.status), `${answered(exchange)} to rotating ${webhook.label}'s secret`, exchange);
    real.successStatus('ERR-READ-STATUS-200', 200, exchange);
    if (!is2xx(exchange.status)) return;
    real.schema(exchange, 'WebhookWithSecret', 'WH-ROTATE-NEW-SECRET');
    const json = jsonObject(exchange);
    real.must('WH-ROTATE-NEW-SECRET', json.id === webhook.id, `rotating ${webhook.label} answered id ${JSON.stringify(json.id)}`, exchange);
    const secret = json.signing_secret;
    if (typeof secret !== 'string') return;
    real.must('WH-ROTATE-NEW-SECRET', secret !== webhook.secret, `rotating ${webhook.label} answered the secret it already had`, exchange);
    real.must('WH-SECRET-UNIQUE', !model.secrets.has(secret), `rotating ${webhook.label} answered a secret seen before in this run`, exchange);
    real.should('WH-SECRET-FORMAT', secretFormat.test(secret), `${webhook.label}'s rotated secret is not whsec_ + 64 hex digits`, exchange);
    model.secrets.add(secret);
    webhook.secret = secret;
  }
}
