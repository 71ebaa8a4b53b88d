import { describeSeq } from '../history/describe-entry.js';
import { JudgementBuilder } from '../history/judgement.js';
import type { Judgement } from '../history/judgement.js';
import { eventsOf, stringField } from '../model/json-fields.js';
import type { ServiceModel } from '../model/service-model.js';
import { settledWrite, writesInForce } from '../model/webhook-model.js';
import type { WebhookModel, WebhookWrite } from '../model/webhook-model.js';

/** The requirements of the webhook read-after-write rule. */
export const webhookReadRequirements = ['WH-UPDATE-RESPONSE', 'WH-LIST-CONTAINS-CREATED', 'WH-ROTATE-SHOWS-CURRENT'] as const;

/**
 * Read-after-write of a webhook's url and events (spec §4.2 "the list shows them"): every GET /v1/webhooks that
 * starts after a create or PUT took effect lists the webhook with the url and events of a write that may be in
 * force then (a PUT concurrent with the list may show either way). A list that does not show a created webhook
 * breaks WH-LIST-CONTAINS-CREATED; one that shows values no write in force asked for breaks the requirement of the
 * write that set them (WH-UPDATE-RESPONSE after a PUT). A rotate-secret answer is a read too (spec §4.2: it returns
 * the Webhook): one that starts after a write took effect shows the url and events of a write in force
 * (WH-ROTATE-SHOWS-CURRENT). A webhook whose delete may have begun is not judged here.
 */
export function webhookReads(model: ServiceModel): Judgement {
  const out = new JudgementBuilder(webhookReadRequirements);
  const { history } = model;
  for (const webhook of model.webhooks.byId.values()) {
    const deleting = firstDeleteBegun(webhook);
    for (const list of model.webhooks.lists) {
      if (deleting < list.finishedAt) continue;
      const settled = settledWrite(webhook, list.startedAt);
      if (settled === undefined) continue;
      const requirement = settled.kind === 'update' ? 'WH-UPDATE-RESPONSE' : 'WH-LIST-CONTAINS-CREATED';
      const item = list.items.get(webhook.id);
      out.judged(requirement);
      if (item === undefined) {
        out.contradiction(
          'WH-LIST-CONTAINS-CREATED',
          `${describeSeq(history, settled.seq)} left webhook ${webhook.id} in place, but ${describeSeq(history, list.seq)}, started after it, does not list it`,
          [settled.seq],
          list.seq,
        );
        continue;
      }
      const shown = { url: stringField(item, 'url'), events: eventsOf(item) };
      const allowed = writesInForce(webhook, list.startedAt, list.finishedAt).filter((write) => write.url !== undefined && write.events !== undefined);
      if (allowed.length === 0 || allowed.some((write) => matches(write, shown))) continue;
      out.contradiction(
        requirement,
        `${describeSeq(history, settled.seq)} set webhook ${webhook.id} to ${values(settled)}, but ${describeSeq(history, list.seq)}, started after it took effect, lists ${values(shown)}`,
        [settled.seq],
        list.seq,
      );
    }
    judgeRotations(model, webhook, deleting, out);
  }
  return out.build();
}

/** The rotate-secret answers of the webhook, read against the writes in force while each ran. */
function judgeRotations(model: ServiceModel, webhook: WebhookModel, deleting: number, out: JudgementBuilder): void {
  for (const rotation of webhook.secrets) {
    const shown = rotation.view;
    if (shown === undefined || shown.url === undefined || shown.events === undefined || deleting < rotation.finishedAt) continue;
    const settled = settledWrite(webhook, rotation.startedAt);
    const allowed = writesInForce(webhook, rotation.startedAt, rotation.finishedAt).filter((write) => write.url !== undefined && write.events !== undefined);
    if (settled === undefined || allowed.length === 0) continue;
    out.judged('WH-ROTATE-SHOWS-CURRENT');
    if (allowed.some((write) => matches(write, shown))) continue;
    out.contradiction(
      'WH-ROTATE-SHOWS-CURRENT',
      `${describeSeq(model.history, settled.seq)} set webhook ${webhook.id} to ${values(settled)}, but ${describeSeq(model.history, rotation.seq)}, started after it took effect, answers ${values(shown)}`,
      [settled.seq],
      rotation.seq,
    );
  }
}

/** When the first DELETE of the webhook that took or may have taken effect began (one answered 2xx, or none); Infinity: none did. */
function firstDeleteBegun(webhook: WebhookModel): number {
  let begun = Infinity;
  for (const deletion of webhook.deletions) begun = Math.min(begun, deletion.startedAt);
  for (const use of webhook.uses) if (use.operationId === 'deleteWebhook' && use.status === undefined) begun = Math.min(begun, use.startedAt);
  return begun;
}

function matches(write: WebhookWrite, shown: { url?: string; events?: readonly string[] }): boolean {
  return write.url === shown.url && JSON.stringify(write.events) === JSON.stringify(shown.events);
}

function values(item: { url?: string; events?: readonly string[] }): string {
  return `url ${JSON.stringify(item.url ?? null).slice(0, 160)}, events ${JSON.stringify(item.events ?? null).slice(0, 160)}`;
}
