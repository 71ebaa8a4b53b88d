/**
 * The check registry: how to write a check.
 *
 * ```ts
 * import { defineCheck } from '../checks/index.js';
 * import { recipientFor, senderNumber } from '../scenarios/numbers.js';
 * import { defineWebhookCheck } from '../scenarios/webhook-check.js';
 *
 * // a positive baseline: runs before the negative checks of its operation (DESIGN.md §3, vacuity). Sends go to
 * // recipientFor(ctx): a fictional number, or one of --allow-recipient on a guarded target (DESIGN.md §5)
 * export const sendOk = defineCheck({
 *   id: 'MSG-SEND-BASELINE', title: 'a valid send is accepted', suite: 'contract/messages',
 *   requirements: ['MSG-SEND-SUCCESS-2XX'], level: 'must', baselineFor: 'sendMessage',
 *   async run(ctx) {
 *     const ex = await ctx.http.request({ method: 'POST', path: '/v1/messages', body: { to: recipientFor(ctx), from: senderNumber, message: 'hi' } });
 *     ctx.expectStatus(ex, '2xx');
 *     ctx.expectSchema(ex, 'Message');
 *   },
 * });
 *
 * // a negative check: BLOCKED by the baseline (nothing sent) unless sendMessage's baseline passed
 * export const tooLong = defineCheck({
 *   id: 'MSG-SEND-MESSAGE-MAX-REFUSED', title: '1601 characters are refused', suite: 'contract/messages',
 *   requirements: ['MSG-SEND-MESSAGE-MAX'], level: 'must', baseline: 'sendMessage',
 *   async run(ctx) {
 *     await ctx.property('over-long messages', fc.string({ minLength: 1601, maxLength: 1700 }), async (message) => {
 *       const ex = await ctx.http.request({ method: 'POST', path: '/v1/messages', body: { to: recipientFor(ctx), from: senderNumber, message } });
 *       ctx.expectStatus(ex, '4xx');
 *     });
 *   },
 * });
 *
 * // a webhook check: the preset adds needs ['receiver'], uses ['createWebhook'] (BLOCKED when create does not work)
 * // and the fixture, which deletes what it created; a check that creates a webhook without declaring createWebhook
 * // errors (INVALID_CHECK) before sending
 * export const secretOnce = defineWebhookCheck({
 *   id: 'WEBHOOK-SECRET-FORMAT', title: 'create returns a signing secret', suite: 'scenarios/webhooks',
 *   requirements: ['WH-SECRET-ONCE'], level: 'must',
 *   async run(ctx, hooks) {
 *     const hook = await hooks.create(['message.sent']);
 *     ctx.expectSchema(hook.exchange, 'WebhookWithSecret');
 *   },
 * });
 *
 * export const checks = [sendOk, tooLong, secretOnce]; // then an import and a line of `suites` in suites/load-registry.ts
 * ```
 *
 * Attribution: every ctx.expect* names the requirement it shows broken (`ctx.expect(ok, 'why', 'MSG-SEND-ECHO')`);
 * a check citing one requirement may leave it out, one citing several must say (suites/checks/attribution.ts).
 *
 * Results: a CheckFailure (ctx.fail, ctx.expect*, a failing property) → failed; ctx.skip → skipped; a network
 * failure of the target (TargetError), a deadline or any other exception → errored. Requests go through
 * ctx.http only (key roles: growth, starter, rateLimit, none, unknown); `needs` and `appliesTo` skip a check
 * with a reason when the target cannot run it.
 */
export { attribute, fixtureBreaks, requirementIdsIn } from './attribution.js';
export type { AttributedCheck, Breaks } from './attribution.js';
export { RunBaselines } from './baseline-book.js';
export type { BaselineEntry } from './baseline-book.js';
export type { BaselineBook, CheckContext, CheckIdentity, PropertyOptions, SharedSend, SharedSends, StatusClass, StatusExpectation } from './check-context.js';
export { sampled } from './check-cost.js';
export type { CaseScale, CheckCost, CheckEstimate } from './check-cost.js';
export { needs } from './check-definition.js';
export type { Check, CheckDefinition, HistoryJudge, Level, Need, Reads } from './check-definition.js';
export { CheckBlocked, CheckFailure, CheckSkipped, TargetError } from './check-failure.js';
export type { FailureDetails } from './check-failure.js';
export { CheckRegistry } from './check-registry.js';
export type { CheckRegistryOptions, Selection } from './check-registry.js';
export { defineCheck } from './define-check.js';
export { citedBy, expectSchema, expectStatus, expectThat, requireResponse, schemaDetails, statusMatches } from './expectations.js';
export { Evidence, exchangeLabel, isSuccess } from './evidence.js';
export { didYouMean, editDistance, nearMatches } from './near-matches.js';
export { runProperty } from './run-property.js';
export type { PropertyEnvironment } from './run-property.js';
export { suiteMatcher } from './suite-glob.js';
