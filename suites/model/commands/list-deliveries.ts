import { answered, is2xx } from '../model-real.js';
import type { ModelReal } from '../model-real.js';
import type { MessagingModel, ModelWebhook } from '../model-state.js';
import { LiveWebhookCommand } from '../live-webhook-command.js';

const defaultLimit = 50; // spec §4.2

/** GET /v1/webhooks/{id}/deliveries: a bare array of this webhook's records, its test sends among them (spec §4.2, §6). */
export class ListDeliveries extends LiveWebhookCommand {
  constructor(webhookIndex: number) {
    super('listDeliveries', webhookIndex);
  }

  protected async applyTo(webhook: ModelWebhook, _model: MessagingModel, real: ModelReal): Promise<void> {
    const exchange = await real.request({ method: 'GET', path: `/v1/webhooks/${webhook.id}/deliveries` });
    real.must('DLV-BARE-ARRAY', is2xx(exchange.status), `${answered(exchange)} for ${webhook.label}'s deliveries`, exchange);
    real.successStatus('ERR-READ-STATUS-200', 200, exchange);
    if (!is2xx(exchange.status)) return;
    const records = exchange.json;
    real.must('DLV-BARE-ARRAY', Array.isArray(records), `${webhook.label}'s deliveries are not a bare array`, exchange);
    if (!Array.isArray(records)) return;
    real.schema(exchange, 'DeliveryList', 'DLV-RECORD-FIELDS');
    const items = records as Record<string, unknown>[];
    for (const record of items) {
      real.must(
        'DLV-WEBHOOK-ID',
        record?.webhook_id === webhook.id,
        `${webhook.label}'s deliveries list a record of webhook ${JSON.stringify(record?.webhook_id)}`,
        exchange,
      );
    }
    const tests = items.filter((record) => record?.event === 'test.webhook.sent');
    for (const record of tests)
      real.should('DLV-TEST-FLAG', record.test === true, `a test.webhook.sent record of ${webhook.label} has test ${JSON.stringify(record.test)}`, exchange);
    // a full first page may have pushed older records out (events of other checks' messages): only a short list is complete
    if (items.length < defaultLimit) {
      real.must(
        'WH-TEST-RECORDED',
        tests.length >= webhook.tests,
        `${webhook.label} had ${webhook.tests} test send(s) but ${tests.length} test.webhook.sent record(s)`,
        exchange,
      );
    }
  }
}
