import { answered, is2xx } from '../model-real.js';
import type { ModelReal } from '../model-real.js';
import type { MessagingModel, ModelWebhook } from '../model-state.js';
import { LiveWebhookCommand } from '../live-webhook-command.js';
import { jsonObject } from '../expect-message.js';

/** POST /v1/webhooks/{id}/test: completes 2xx with {success, status_code, message, delivery} (spec §4.2). */
export class TestWebhook extends LiveWebhookCommand {
  constructor(webhookIndex: number) {
    super('testWebhook', webhookIndex);
  }

  protected async applyTo(webhook: ModelWebhook, _model: MessagingModel, real: ModelReal): Promise<void> {
    const exchange = await real.request({ method: 'POST', path: `/v1/webhooks/${webhook.id}/test` });
    real.must('WH-TEST-RESPONSE', is2xx(exchange.status), `${answered(exchange)} to a test send of ${webhook.label}`, exchange);
    real.successStatus('ERR-READ-STATUS-200', 200, exchange);
    if (!is2xx(exchange.status)) return;
    webhook.tests += 1;
    real.schema(exchange, 'WebhookTestResult', 'WH-TEST-RESPONSE');
    const delivery = jsonObject(exchange).delivery as { test?: unknown } | undefined;
    // DESIGN.md §4: the delivery object is the attempt's record, and records of test sends have test: true
    real.should(
      'DLV-TEST-FLAG',
      delivery?.test === true,
      `the test send of ${webhook.label} answered a delivery with test ${JSON.stringify(delivery?.test)}`,
      exchange,
    );
    // the harness's receiver answers 200 by default; with one configured URL (simulator) the answer is not ours
    if (real.ctx.profile.webhooksToOneUrl) return;
    const json = jsonObject(exchange);
    real.should(
      'WH-TEST-RESULT-MATCHES',
      json.success === true && json.status_code === 200,
      `the test send of ${webhook.label} reports success ${String(json.success)}, status_code ${String(json.status_code)}; the receiver answered 200`,
      exchange,
    );
  }
}
