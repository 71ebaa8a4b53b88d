import { defineCheck } from '../checks/index.js';
import type { Check, CheckContext, CheckDefinition, Need, Reads } from '../checks/index.js';
import { withWebhooks } from './webhook-fixture.js';
import type { WebhookFixture } from './webhook-fixture.js';

/** What a webhook check's author writes: a check definition whose run gets the fixture too. */
export interface WebhookCheckDefinition extends Omit<CheckDefinition, 'run'> {
  /**
   * The requirement the fixture's own steps (creating the webhook, a test send) show broken when they fail, where it is
   * not the check's default (ctx.citing); the run's ctx is left as it is.
   */
  readonly fixtureCites?: string;
  /** The check's body: `hooks` creates its webhooks and receiver answers, all removed when it returns. */
  readonly run: (ctx: CheckContext, hooks: WebhookFixture) => Promise<void>;
}

/** What the fixture reads of createWebhook's answer (WebhookFixture.create); the other operations a check uses: all. */
const fixtureReads: Reads = { createWebhook: ['id', 'signing_secret'] };

/** The list with `first` in front, unless it holds it already (then as it is). */
function withFirst<T>(first: T, rest: readonly T[] | undefined): T[] {
  return rest?.includes(first) === true ? [...rest] : [first, ...(rest ?? [])];
}

/**
 * A check that registers webhooks at the harness receiver (the preset of the webhook suites): it needs the receiver,
 * uses createWebhook as a fixture (blocked, nothing sent, when that operation does not work; not for the checks whose
 * subject is create itself: its baseline and its negative checks), and runs with a WebhookFixture that deletes what it
 * created. `needs` and `uses` add to those.
 */
export function defineWebhookCheck(definition: WebhookCheckDefinition): Check {
  const { fixtureCites, run, needs, uses, reads, ...rest } = definition;
  const subject = rest.baselineFor === 'createWebhook' || rest.baseline === 'createWebhook';
  const allUses = subject ? uses : withFirst('createWebhook', uses);
  // of a created webhook the fixture reads only its id and secret: a wrong echo of url or events blocks nothing
  const allReads = reads ?? (subject ? undefined : fixtureReads);
  return defineCheck({
    ...rest,
    needs: withFirst<Need>('receiver', needs),
    ...(allUses === undefined ? {} : { uses: allUses }),
    ...(allReads === undefined ? {} : { reads: allReads }),
    run: (ctx) => withWebhooks(fixtureCites === undefined ? ctx : ctx.citing(fixtureCites), (hooks) => run(ctx, hooks)),
  });
}
