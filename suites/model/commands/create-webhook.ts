import { answered, is2xx } from '../model-real.js';
import type { ModelReal } from '../model-real.js';
import type { MessagingModel } from '../model-state.js';
import { ModelCommand } from '../model-command.js';
import { jsonObject } from '../expect-message.js';
import { secretFormat, webhookUrl } from '../webhook-helpers.js';
import { sameEvents } from '../../../rules/index.js';

/** POST /v1/webhooks with a receiver URL: the webhook with its url, events and a secret of its own (spec §4.2). */
export class CreateWebhook extends ModelCommand {
  constructor(readonly events: readonly string[]) {
    super();
  }

  toString(): string {
    return `createWebhook(${JSON.stringify(this.events)})`;
  }

  protected override describe(model: MessagingModel): string {
    return `${model.peekWebhookLabel()} = ${this.toString()}`;
  }

  protected async apply(model: MessagingModel, real: ModelReal): Promise<void> {
    const label = model.nextWebhookLabel();
    const url = webhookUrl(real, model, label);
    const exchange = await real.request({ method: 'POST', path: '/v1/webhooks', body: { url, events: this.events } });
    real.must('WH-CREATE-RESPONSE', is2xx(exchange.status), `${answered(exchange)} to a valid webhook`, exchange);
    real.successStatus('WH-CREATE-STATUS-201', 201, exchange);
    if (!is2xx(exchange.status)) return;
    real.schema(exchange, 'WebhookWithSecret', 'WH-CREATE-RESPONSE');
    const json = jsonObject(exchange);
    real.must('WH-CREATE-RESPONSE', json.url === url, `webhook ${label} came back with url ${JSON.stringify(json.url)}, not the one sent`, exchange);
    real.must('WH-CREATE-RESPONSE', sameEvents(json.events, this.events), `webhook ${label} came back with events ${JSON.stringify(json.events)}`, exchange);
    const secret = json.signing_secret;
    if (typeof json.id !== 'string' || typeof secret !== 'string') return;
    real.must('WH-SECRET-UNIQUE', !model.secrets.has(secret), `webhook ${label} got a signing secret another webhook of this run has`, exchange);
    real.should('WH-SECRET-FORMAT', secretFormat.test(secret), `webhook ${label}'s signing secret is not whsec_ + 64 hex digits`, exchange);
    model.secrets.add(secret);
    model.created.add(json.id);
    model.live.push({ id: json.id, label, url, events: [...this.events], secret, tests: 0 });
  }
}
