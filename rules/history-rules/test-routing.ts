import { describeSeq } from '../history/describe-entry.js';
import { JudgementBuilder } from '../history/judgement.js';
import type { Judgement } from '../history/judgement.js';
import type { ServiceModel } from '../model/service-model.js';
import { writesInForce } from '../model/webhook-model.js';

/** The requirements of the test-send routing rule. */
export const testRoutingRequirements = ['WH-TEST-SENDS-PAYLOAD'] as const;

/**
 * Where a test send goes (spec §4.2 test: "to the configured URL"): a test.webhook.sent that arrives while a test call
 * on a webhook is in flight, at a path that webhook's url had at some time, is explained when a write that may have
 * been in force during the call (writesInForce) has that path. Otherwise the target sent it to a url the webhook no
 * longer had: e.g. the one it was created with, after a PUT moved it. Test calls on other webhooks in flight at the
 * same time may explain it as well (one is enough); a delivery no test call explains is not judged here.
 */
export function testRouting(model: ServiceModel): Judgement {
  const out = new JudgementBuilder(testRoutingRequirements);
  const { history } = model;
  for (const facts of model.deliveries) {
    const during = facts.testCalls ?? [];
    if (during.length === 0) continue;
    const { path, receivedAt } = facts.entry;
    out.judged('WH-TEST-SENDS-PAYLOAD');
    // the first test call whose webhook left the path before it: unless another in flight explains the delivery
    let miss: { callSeq: number; writeSeq: number; url: string; webhookId: string } | undefined;
    let explained = false;
    for (const call of during) {
      const webhook = model.webhooks.byId.get(call.params.id ?? '');
      const inForce = webhook === undefined ? [] : writesInForce(webhook, call.startedAt, receivedAt);
      if (webhook === undefined || inForce.length === 0 || inForce.some((write) => write.path === undefined || write.path === path)) {
        explained = true;
        break;
      }
      const last = inForce.at(-1) as (typeof inForce)[number];
      miss ??= { callSeq: call.seq, writeSeq: last.seq, url: last.url ?? '', webhookId: webhook.id };
    }
    if (explained || miss === undefined) continue;
    out.contradiction(
      'WH-TEST-SENDS-PAYLOAD',
      `${describeSeq(history, miss.writeSeq)} set webhook ${miss.webhookId}'s url to ${miss.url.slice(0, 160)}, but the test send of ${describeSeq(history, miss.callSeq)}, started after, arrived at another path (${describeSeq(history, facts.entry.seq)}, ${path.slice(0, 80)})`,
      [miss.writeSeq, miss.callSeq],
      facts.entry.seq,
    );
  }
  return out.build();
}
