import type { KeyRole } from '../../targets/index.js';
import type { Check, CheckContext } from '../checks/index.js';
import { defineCheck } from '../checks/index.js';
import { idempotencyKey } from '../scenarios/idempotency-probe.js';
import { send, sendBody, uniqueToken } from '../scenarios/scenario-helpers.js';
import type { SendKind } from '../scenarios/scenario-helpers.js';
import { historySuite } from './history-drive.js';

const suite = historySuite('idempotency');

/** Sends one body twice with one Idempotency-Key, first under the Growth key, then under `other`. */
async function acrossKeys(ctx: CheckContext, kind: SendKind, other: KeyRole, body: Record<string, unknown>): Promise<void> {
  const key = idempotencyKey();
  const first = await send(ctx, kind, body, { idempotencyKey: key });
  if (first.status === undefined || first.status >= 300) return;
  await send(ctx, kind, body, { idempotencyKey: key, key: other });
}

/**
 * DESIGN.md §4 idempotency: keys are scoped per API key. Free-form sends try it with the second Growth-tier key
 * (--second-api-key) and send-template with the Starter key, whichever the target was given.
 */
const scope = defineCheck({
  id: 'HISTORY-IDEMPOTENCY-SCOPE',
  title:
    'the same Idempotency-Key and body under another API key makes its own message (free-form under a second Growth key, send-template under the Starter key)',
  suite,
  requirements: ['IDEM-SCOPED-PER-KEY'],
  level: 'should',
  needs: ['billable'],
  uses: ['sendMessage'],
  reads: ['id'],
  appliesTo: (profile) => (profile.tiers ? true : `the ${profile.name} profile has no per-tier API keys`),
  estimate: { requests: 4, byKey: { secondGrowth: 1, starter: 1 }, sends: 4 },
  history: { rule: 'idempotency', evidence: 'send under a second API key with the Idempotency-Key and body of an earlier one' },
  async run(ctx) {
    const { secondGrowth, starter } = ctx.target.keys;
    if (secondGrowth === undefined && (starter === undefined || ctx.target.conventions.templates === undefined))
      ctx.skip('needs a second API key: --second-api-key (a second Growth key, for free-form sends) or --starter-api-key with --templates');
    await Promise.all([
      ...(secondGrowth === undefined ? [] : [acrossKeys(ctx, 'freeForm', 'secondGrowth', sendBody(ctx, 'freeForm', uniqueToken()))]),
      // without from: a Starter key uses the shared number (spec §4.1)
      ...(starter === undefined || ctx.target.conventions.templates === undefined
        ? []
        : [acrossKeys(ctx, 'template', 'starter', sendBody(ctx, 'template', uniqueToken()))]),
    ]);
  },
});

/** DESIGN.md §4 keeps keys 24 h: how long replays were seen is recorded (observe), over every replay of the run. */
const retention = defineCheck({
  id: 'HISTORY-IDEMPOTENCY-RETENTION',
  title: 'how long an Idempotency-Key was seen replaying is recorded',
  suite,
  requirements: ['IDEM-RETENTION'],
  level: 'observe',
  needs: ['billable'],
  uses: ['sendMessage'],
  reads: ['id'],
  history: {
    rule: 'idempotency',
    drivers: ['IDEM-SCENARIO-REPLAY-FREEFORM'],
    evidence: 'replay of a send with the same Idempotency-Key and body after the first answer',
  },
  run: async () => {},
});

/** The idempotency history checks. */
export const idempotencyHistoryChecks: readonly Check[] = [scope, retention];
