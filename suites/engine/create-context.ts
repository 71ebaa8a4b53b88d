import type { Receiver } from '../../receiver/index.js';
import type { HttpClient, Target } from '../../targets/index.js';
import type { BaselineBook, Check, CheckContext, FailureDetails } from '../checks/index.js';
import { attribute, CheckFailure, CheckSkipped, expectSchema, expectStatus, runProperty } from '../checks/index.js';

/** What the engine gives each check's context. */
export interface ContextEnvironment {
  readonly check: Check;
  readonly http: HttpClient;
  readonly target: Target;
  readonly seed: number;
  readonly runs: number;
  readonly signal: AbortSignal;
  readonly baseline: BaselineBook;
  readonly receiver?: Receiver;
  readonly log: (message: string) => void;
}

/**
 * A schema violation names the requirements of its x-requirements when it has them; `breaks`, or the one requirement
 * of a single-requirement check, covers the rest. A check citing several may leave it out only when every keyword
 * of the schema carries x-requirements: the check then errors only on a violation that names none (run-check.ts).
 */
function attributeSchema(check: Check, message: string, breaks: string | undefined): FailureDetails {
  return breaks === undefined && check.requirements.length > 1 ? {} : attribute(check, message, breaks);
}

/** Builds the CheckContext of one check run. */
export function createContext(env: ContextEnvironment): CheckContext {
  const { check } = env;
  return {
    check: { id: check.id, title: check.title, suite: check.suite, level: check.level },
    http: env.http,
    target: env.target,
    profile: env.target.profile,
    seed: env.seed,
    runs: env.runs,
    get receiver(): Receiver {
      if (!env.receiver) {
        throw new Error(`Check ${check.id} uses ctx.receiver without declaring needs: ['receiver']: add it to the check.`);
      }
      return env.receiver;
    },
    signal: env.signal,
    baseline: env.baseline,
    log: env.log,
    fail(message, breaks) {
      throw new CheckFailure(message, attribute(check, message, breaks));
    },
    skip(reason) {
      throw new CheckSkipped(reason);
    },
    // every expectation is attributed on each call, failing or not: a clean run already shows a missing one
    expect(condition, message, breaks) {
      const details = attribute(check, message, breaks);
      if (!condition) throw new CheckFailure(message, details);
    },
    expectStatus: (exchange, expected, message, breaks) => expectStatus(exchange, expected, message, attribute(check, message ?? '', breaks)),
    expectSchema: (exchange, schemaName, message, breaks) => expectSchema(exchange, schemaName, message, attributeSchema(check, message ?? '', breaks)),
    property: (name, arbitrary, predicate, options) =>
      runProperty({ http: env.http, seed: env.seed, runs: env.runs, signal: env.signal }, name, arbitrary, predicate, options),
  };
}
