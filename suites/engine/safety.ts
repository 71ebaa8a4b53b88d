import { defaultMaxSends, isLoopbackUrl } from '../../targets/index.js';
import type { SendPolicy, Target } from '../../targets/index.js';

/** spec §8: the production rate, 100 requests per minute per key. */
export const productionRatePerMinute = 100;

/** The rate the client keeps per key: the published production rate, none for other profiles. */
export function clientRatePerMinute(target: Target): number | null {
  return target.profile.name === 'production' ? productionRatePerMinute : null;
}

/** Property cases per operation when --runs is not given: fewer in production, where every request counts. */
export function defaultRuns(target: Target): number {
  return target.profile.name === 'production' ? 10 : 50;
}

/** The unthrottled requests the opt-in rate-limit check may make with its key (spec §8: the 101st must be refused). */
export const rateLimitCheckBound = 150;

/** True when the target is not on loopback (a target that picks its port at start is embedded or a local container). */
export function isRemoteTarget(target: Target): boolean {
  let baseUrl: string;
  try {
    baseUrl = target.baseUrl;
  } catch {
    return false;
  }
  return !isLoopbackUrl(baseUrl);
}

/** DESIGN.md §5: sends are guarded (--allow-send, --allow-recipient, --max-sends) on a non-loopback target or a billable profile. */
export function guardsSends(target: Target): boolean {
  return target.profile.billableSends || isRemoteTarget(target);
}

/** Exhausting a key's rate limit is opt-in (--allow-rate-limit-check) on a non-local target: it could block the key. */
export function guardsRateLimit(target: Target): boolean {
  return !target.profile.local || isRemoteTarget(target);
}

/** The client's send policy for a run (DESIGN.md §5). */
export function sendPolicyFor(
  target: Target,
  options: { readonly allowBillable?: boolean; readonly allowRecipients?: readonly string[]; readonly maxSends?: number },
): SendPolicy {
  return {
    guarded: guardsSends(target),
    allowSend: options.allowBillable ?? false,
    allowedRecipients: [...(options.allowRecipients ?? [])],
    maxSends: options.maxSends ?? defaultMaxSends,
  };
}
