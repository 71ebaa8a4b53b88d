import fc from 'fast-check';
import type { Arbitrary } from 'fast-check';
import { isHarnessError } from '../../targets/index.js';
import type { Exchange, HttpClient } from '../../targets/index.js';
import type { PropertyOptions } from './check-context.js';
import { CheckFailure, TargetError } from './check-failure.js';

/** What a property needs from its check. */
export interface PropertyEnvironment {
  readonly http: HttpClient;
  readonly seed: number;
  readonly runs: number;
  readonly signal: AbortSignal;
}

/**
 * fc.check(fc.asyncProperty(...)) with the run's seed (the non-throwing form of fc.assert, so the details are data):
 * a failure becomes a CheckFailure (or a TargetError when the target broke at the network level) carrying the seed,
 * the replay path, the shrunk counterexample and the curl reproduction of the failing case's last exchange.
 */
export async function runProperty<T>(
  env: PropertyEnvironment,
  name: string,
  arbitrary: Arbitrary<T>,
  predicate: (value: T) => Promise<boolean | void>,
  options: PropertyOptions<T> = {},
): Promise<void> {
  let lastFailing: { error: unknown; exchange?: Exchange } | undefined;
  // a harness error or the deadline ends the property: every later case re-throws it at once, so shrinking is quick
  let fatal: unknown;
  const property = fc.asyncProperty(arbitrary, async (value) => {
    if (fatal !== undefined) throw fatal;
    if (env.signal.aborted) throw (fatal = env.signal.reason ?? new Error('check deadline reached'));
    const before = env.http.count;
    try {
      if ((await predicate(value)) === false) throw new CheckFailure('the predicate returned false');
    } catch (error) {
      if (isHarnessError(error) || env.signal.aborted) fatal = error;
      const exchange = env.http.count > before ? env.http.last : undefined;
      lastFailing = { error, ...(exchange ? { exchange } : {}) };
      throw error;
    }
  });
  const details = await fc.check(property, {
    seed: env.seed,
    numRuns: options.numRuns ?? env.runs,
    ...(options.examples ? { examples: options.examples.map((example) => [example] as [T]) } : {}),
  });
  if (fatal !== undefined) throw fatal;
  if (!details.failed) return;
  const counterexample = details.counterexample?.[0];
  const cause = lastFailing?.error ?? details.errorInstance;
  const causeDetails = cause instanceof CheckFailure || cause instanceof TargetError ? cause.details : undefined;
  // the exchange the failing assertion names, else the case's last one (a cleanup request may come after it)
  const exchange = causeDetails?.exchange ?? lastFailing?.exchange;
  const replay = `seed ${details.seed}, path ${details.counterexamplePath ?? '-'}`;
  const message =
    `property "${name}" failed after ${details.numRuns} case(s), shrunk ${details.numShrinks} time(s) (${replay}): ` +
    `${cause instanceof Error ? cause.message : String(cause)}; counterexample: ${fc.stringify(counterexample)}`;
  const failureDetails = {
    counterexample: jsonSafe(counterexample),
    seed: details.seed,
    ...(details.counterexamplePath ? { path: details.counterexamplePath } : {}),
    ...(exchange ? { exchange } : {}),
    // the shrunk case's own failure says which requirement it broke
    ...(cause instanceof CheckFailure && cause.details.requirements ? { requirements: cause.details.requirements } : {}),
    ...(causeDetails?.pointer !== undefined ? { pointer: causeDetails.pointer } : {}),
    ...(causeDetails?.fields !== undefined ? { fields: causeDetails.fields } : {}),
    ...(causeDetails?.expected !== undefined ? { expected: causeDetails.expected } : {}),
  };
  if (cause instanceof TargetError) throw new TargetError(message, failureDetails);
  if (cause instanceof CheckFailure) throw new CheckFailure(message, failureDetails);
  // anything else is a bug in the check: it errors, still with its counterexample
  throw Object.assign(new Error(message), { details: failureDetails });
}

/** The value if it survives JSON, else fast-check's rendering of it. */
function jsonSafe(value: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(value)) as unknown;
  } catch {
    return fc.stringify(value);
  }
}
