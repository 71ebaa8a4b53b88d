import { randomUUID } from 'node:crypto';
import { HarnessError } from '../../../targets/index.js';
import { answered, is4xx } from '../model-real.js';
import type { ModelReal } from '../model-real.js';
import { MessagingModel } from '../model-state.js';
import { ModelCommand } from '../model-command.js';
import { webhookUrl } from '../webhook-helpers.js';

/** The webhook operations that take an id (spec §4.2). */
export const webhookIdOperations = ['update', 'delete', 'rotate', 'test', 'deliveries'] as const;
/** One of them. */
export type WebhookIdOperation = (typeof webhookIdOperations)[number];

/** Which id: one of this run's deleted webhooks, or a well-formed uuid no webhook ever had. */
export type UnknownWebhookId = 'deleted' | 'never-created';

/** An id operation on a webhook that does not exist (deleted, or never created): a 4xx (spec §4.2), 404 by DESIGN.md §4. */
export class UnknownWebhook extends ModelCommand {
  constructor(
    readonly operation: WebhookIdOperation,
    readonly which: UnknownWebhookId,
    readonly deletedIndex: number,
  ) {
    super();
    if (!webhookIdOperations.includes(operation)) {
      throw new HarnessError('INVALID_CHECK', `Unknown webhook operation "${String(operation)}": use one of ${webhookIdOperations.join(', ')}.`);
    }
  }

  override check(model: Readonly<MessagingModel>): boolean {
    return this.which === 'never-created' || model.deleted.length > 0;
  }

  toString(): string {
    return `${this.operation}Webhook(${this.which === 'deleted' ? `deleted #${this.deletedIndex}` : 'never-created id'})`;
  }

  protected override describe(model: MessagingModel): string {
    const target = this.which === 'deleted' ? `${MessagingModel.pick(model.deleted, this.deletedIndex).label}, deleted` : 'never-created id';
    return `${this.operation}Webhook(${target})`;
  }

  protected async apply(model: MessagingModel, real: ModelReal): Promise<void> {
    const gone = this.which === 'deleted' ? MessagingModel.pick(model.deleted, this.deletedIndex) : undefined;
    const id = gone?.id ?? randomUUID();
    const base = `/v1/webhooks/${id}`;
    const body = { url: webhookUrl(real, model, 'unknown'), events: ['message.sent'] };
    const request = {
      update: { method: 'PUT', path: base, body },
      delete: { method: 'DELETE', path: base },
      rotate: { method: 'POST', path: `${base}/rotate-secret` },
      test: { method: 'POST', path: `${base}/test` },
      deliveries: { method: 'GET', path: `${base}/deliveries` },
    }[this.operation];
    const exchange = await real.request(request);
    const what = gone ? `webhook ${gone.label}, which was deleted` : 'a webhook id that never existed';
    // should: spec §7 does not show the status of unknown ids (a 204 DELETE is a reading it allows)
    real.should('WH-UNKNOWN-4XX', is4xx(exchange.status), `${answered(exchange)} for ${what}`, exchange);
    real.should('WH-UNKNOWN-404', exchange.status === 404, `${answered(exchange)} for ${what}, not 404`, exchange);
  }
}
