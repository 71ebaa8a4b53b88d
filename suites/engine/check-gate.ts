import { missingConvention } from '../../targets/index.js';
import type { ConventionName } from '../../targets/index.js';
import type { Check } from '../checks/index.js';
import { blockedReason, refusesSomeValidInput, wrongFieldsRead } from './blocking.js';
import { isNotImplemented } from './operations-overview.js';
import { routeOfOperation } from './operation-of-request.js';
import type { PlannedCheck } from './plan.js';
import type { CheckResult } from '../../results/run-result.js';
import type { CheckRunEnvironment } from './check-run-environment.js';
import { targetAnswer } from './target-answer.js';

/** How a check ends without running: its status and why (and, for a route probe, what the target answered). */
export type GateOutcome = Pick<CheckResult, 'status'> & Partial<Pick<CheckResult, 'reason' | 'blockedBy' | 'failedOperation' | 'answer' | 'exchanges'>>;

const conventionNeeds: ReadonlySet<string> = new Set<ConventionName>(['templates', 'failingRecipient', 'sharedSender', 'inboundTrigger']);

/**
 * What a check meets before it sends anything: undefined when it runs, else how it ends (DESIGN.md §3).
 * - planned skip; a skip for a setting only the user has (a template catalogue) becomes blocked when an operation it
 *   needs was found missing, and a positive baseline skipped so tries its route once (routeProbe);
 * - an input-validation check (`baseline`) waits on its operation answering valid input with a 2xx, whatever the shape;
 * - in phase 2, a fixture operation (`uses`) that did not pass its baseline (unless it only refused some valid input:
 *   the shape its answers have is what a fixture reads), or no operation it `observes` working.
 */
export async function gateCheck(planned: PlannedCheck, env: CheckRunEnvironment): Promise<GateOutcome | undefined> {
  const { check } = planned;
  if (planned.skip !== undefined) return skipped(planned, env);
  if (check.baseline !== undefined && !env.baselines.accepted(check.baseline)) {
    const skippedBaseline = env.baselineSkips.get(check.baseline);
    if (skippedBaseline !== undefined && !env.baselines.has(check.baseline)) {
      return { status: 'skipped', reason: `the positive baseline of ${check.baseline} was skipped: ${skippedBaseline}` };
    }
    // DESIGN.md §3: a refusal proves nothing when the operation refuses everything: blocked, never a failure of its own
    const blocker = env.blockingBaseline(check.baseline);
    if (blocker !== undefined) return { status: 'blocked', blockedBy: blocker.id, reason: blockedReason(check.baseline, blocker) };
    return {
      status: 'errored',
      reason: `harness error: no positive baseline of ${check.baseline} ran in this run (${env.baselines.whyNot(check.baseline) ?? ''})`,
    };
  }
  if (planned.phase !== 2) return undefined;
  // a fixture operation already known not to work: nothing this check could send would prove its requirements
  for (const operationId of check.uses ?? []) {
    const blocker = env.blockingBaseline(operationId);
    if (blocker === undefined || refusesSomeValidInput(blocker)) continue;
    const read = wrongFieldsRead(blocker, check.reads);
    if (read !== undefined) return { status: 'blocked', blockedBy: blocker.id, reason: blockedReason(operationId, blocker, read) };
  }
  // none of the operations it could observe through works: blocked by the first one's baseline, nothing sent
  const observes = check.observes ?? [];
  if (observes.length > 0 && !observes.some((operationId) => env.baselines.accepted(operationId))) {
    for (const operationId of observes) {
      const blocker = env.blockingBaseline(operationId);
      if (blocker !== undefined) return { status: 'blocked', blockedBy: blocker.id, reason: blockedReason(operationId, blocker) };
    }
  }
  return undefined;
}

/** True when the check is skipped for want of a target setting only the user can give (it names the setting). */
function skippedForSetting(check: Check, env: CheckRunEnvironment): boolean {
  return (check.needs ?? []).some((need) => conventionNeeds.has(need) && missingConvention(env.target.conventions, need as ConventionName) !== undefined);
}

async function skipped(planned: PlannedCheck, env: CheckRunEnvironment): Promise<GateOutcome> {
  const { check } = planned;
  const reason = planned.skip as string;
  if (!skippedForSetting(check, env)) return { status: 'skipped', reason };
  // the setting would not help: an operation it needs is not there at all (DESIGN.md §3 "Test whatever exists")
  for (const operationId of planned.phase === 2 ? [...(check.baseline === undefined ? [] : [check.baseline]), ...(check.uses ?? [])] : []) {
    const blocker = env.blockingBaseline(operationId);
    if (blocker !== undefined && isNotImplemented(operationId, blocker)) {
      return { status: 'blocked', blockedBy: blocker.id, reason: blockedReason(operationId, blocker) };
    }
  }
  return check.baselineFor === undefined ? { status: 'skipped', reason } : routeProbe(check.baselineFor, reason, env);
}

/**
 * A positive baseline skipped for want of a setting (send-template without a catalogue) still tries its route once,
 * with an empty body a validating server refuses and nothing can be billed for: a 404/405 shows the operation not
 * implemented, reported once, instead of "not tried" and every dependant asking for the setting. Anything else keeps
 * the skip. Only routes without path parameters (no resource to make first).
 */
async function routeProbe(operationId: string, reason: string, env: CheckRunEnvironment): Promise<GateOutcome> {
  const route = routeOfOperation(operationId);
  if (route === undefined || route.path.includes('{')) return { status: 'skipped', reason };
  const exchange = await env.http.scope(env.runSignal, `route probe of ${operationId}`).request({
    method: route.method,
    path: route.path,
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
  });
  const answer = targetAnswer(exchange);
  const seen = {
    failedOperation: operationId,
    answer: { ...answer, ...(answer.message === undefined ? {} : { message: env.http.redactor.scrub(answer.message) }) },
  };
  if (!isNotImplemented(operationId, seen))
    return {
      status: 'skipped',
      exchanges: 1,
      reason: `${reason} (its route answers: ${route.method} ${route.path} got ${answer.status ?? 'no answer'} to an empty request)`,
    };
  const said = seen.answer.message === undefined ? '' : `: ${seen.answer.message}`;
  return {
    status: 'failed',
    exchanges: 1,
    ...seen,
    reason: `not implemented: ${route.method} ${route.path} answered ${answer.status ?? ''} to a request with an empty body${said} (its valid input would need: ${reason})`,
  };
}
