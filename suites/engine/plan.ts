import type { Requirement } from '../../spec/requirements.js';
import { HarnessError, missingConvention } from '../../targets/index.js';
import type { Target } from '../../targets/index.js';
import type { Check, Need } from '../checks/index.js';
import type { CheckRegistry, Selection } from '../checks/index.js';
import type { RunDescription } from './run-options.js';
import { guardsRateLimit, guardsSends, rateLimitCheckBound } from './safety.js';

/** A check in run order, with the reason it will be skipped if it does not apply. */
export interface PlannedCheck {
  readonly check: Check;
  /** 1: positive baselines, 2: everything else (DESIGN.md §3: no single gate; GET /v1/user/me is a baseline like the others). */
  readonly phase: 1 | 2;
  readonly skip?: string;
  /** True when it was not selected but runs because a selected check needs its baseline. */
  readonly dependency?: boolean;
}

// the order String.prototype.localeCompare gives (ECMA-402: it compares with a new Intl.Collator() each time), with one
// collator for the whole sort: ~2,000 comparisons cost ~9 ms through localeCompare (issue 28)
const collation = new Intl.Collator();

/**
 * A plan the caller already made (the CLI plans once for --list and the run), given to runConformance: planRun of its
 * registry, its selection and planContextFor(the run). Without it the engine plans.
 */
export interface GivenPlan {
  readonly plan?: readonly PlannedCheck[];
}

/** What planning needs beyond the checks. */
export interface PlanContext {
  readonly target: Target;
  readonly requirements: readonly Requirement[];
  readonly allowBillable: boolean;
  /** --allow-recipient: a billable check needs at least one on a guarded target. */
  readonly allowRecipients?: readonly string[];
  /** --allow-rate-limit-check: the rate-limit check may run on a non-local target. */
  readonly allowRateLimitCheck?: boolean;
}

/** The plan context of a run description (one place, so a shard plans exactly as the whole run does). */
export function planContextFor(
  options: Pick<RunDescription, 'target' | 'allowBillable' | 'allowRecipients' | 'allowRateLimitCheck'>,
  requirements: readonly Requirement[],
): PlanContext {
  return {
    target: options.target,
    requirements,
    allowBillable: options.allowBillable ?? false,
    allowRecipients: options.allowRecipients ?? [],
    allowRateLimitCheck: options.allowRateLimitCheck ?? false,
  };
}

/**
 * The run order (deterministic): the positive baselines of each operation, then the rest, each by suite and id
 * (DESIGN.md §3: negative checks count only after their operation's baseline passed). Baselines a selected check
 * depends on (its `baseline`, the operations it `observes`), and the drivers of a selected history check, are added even
 * when not selected.
 */
export function planRun(registry: CheckRegistry, selection: Selection, context: PlanContext): PlannedCheck[] {
  const selected = registry.select(selection);
  const chosen = new Map<string, { check: Check; dependency: boolean }>();
  for (const check of selected) chosen.set(check.id, { check, dependency: false });
  for (const check of selected) {
    for (const id of check.history?.drivers ?? []) {
      const driver = registry.get(id);
      if (driver === undefined) throw new HarnessError('INVALID_CHECK', `History check ${check.id} names driver ${id}, which is not a registered check.`);
      if (!chosen.has(id)) chosen.set(id, { check: driver, dependency: true });
    }
  }
  const wanted = new Set([...chosen.values()].flatMap(({ check }) => [...(check.baseline === undefined ? [] : [check.baseline]), ...(check.observes ?? [])]));
  for (const check of registry.all()) {
    if (check.baselineFor !== undefined && wanted.has(check.baselineFor) && !chosen.has(check.id)) {
      chosen.set(check.id, { check, dependency: true });
    }
  }
  const ordered = [...chosen.values()].sort((a, b) => collation.compare(a.check.suite, b.check.suite) || collation.compare(a.check.id, b.check.id));
  const planned = ordered.map(({ check, dependency }) => {
    const slow = slowSkip(check, selection);
    return slow === undefined ? plan(check, check.baselineFor ? 1 : 2, dependency, context) : { check, phase: 2 as const, skip: slow };
  });
  return planned.sort((a, b) => a.phase - b.phase);
}

/** A slow check (`slow`) runs only when the selection names it or a requirement it cites; else why it is left out. */
function slowSkip(check: Check, selection: Selection): string | undefined {
  if (check.slow === undefined) return undefined;
  const named = selection.ids?.includes(check.id) === true || check.requirements.some((id) => selection.requirements?.includes(id) === true);
  return named ? undefined : `${check.slow}: run it by name (--check ${check.id})`;
}

function plan(check: Check, phase: 1 | 2, dependency: boolean, context: PlanContext): PlannedCheck {
  const skip = skipReason(check, context);
  return { check, phase, ...(skip === undefined ? {} : { skip }), ...(dependency ? { dependency } : {}) };
}

/** Why a check does not apply to this target, or undefined. */
export function skipReason(check: Check, context: PlanContext): string | undefined {
  const { target } = context;
  const profile = target.profile;
  const limited = check.requirements.map((id) => context.requirements.find((r) => r.id === id)).filter((r): r is Requirement => r !== undefined);
  if (limited.length > 0 && limited.every((r) => r.profiles !== undefined && !r.profiles.includes(profile.name))) {
    const profiles = [...new Set(limited.flatMap((r) => r.profiles ?? []))].join(', ');
    return `its requirements apply only to the ${profiles} profile(s), not ${profile.name}`;
  }
  for (const need of check.needs ?? []) {
    const missing = missingNeed(need, context);
    if (missing) return missing;
  }
  if (check.appliesTo) {
    const applies = check.appliesTo(profile, target);
    if (applies !== true) return applies;
  }
  return undefined;
}

function missingNeed(need: Need, { target, allowBillable, allowRecipients, allowRateLimitCheck }: PlanContext): string | undefined {
  switch (need) {
    case 'starterKey':
      return target.keys.starter ? undefined : 'needs a Starter-tier key: pass --starter-api-key or set CONFORM_STARTER_API_KEY';
    case 'rateLimitKey':
      if (!target.keys.rateLimit) return 'needs a key of its own to exhaust the rate limit: pass --rate-limit-api-key';
      return !guardsRateLimit(target) || allowRateLimitCheck
        ? undefined
        : `exhausts its key's rate limit on a non-local target: pass --allow-rate-limit-check to allow it (bounded to ${rateLimitCheckBound} requests)`;
    case 'billable':
      if (!guardsSends(target)) return undefined;
      if (!allowBillable) return 'sends billable messages: pass --allow-send to allow it';
      return (allowRecipients ?? []).length > 0 ? undefined : 'sends billable messages: pass --allow-recipient <a number you own>';
    case 'receiver':
      return target.profile.local || target.receiverForwarded
        ? undefined
        : 'needs the webhook receiver, which runs on loopback: pass --receiver-url <public https origin> forwarding to --receiver-port <n>';
    default:
      // DESIGN.md §3: a convention nobody gave skips the check, naming the setting
      return missingConvention(target.conventions, need);
  }
}
