import type { Receiver } from '../../receiver/index.js';
import type { HttpClient, Target } from '../../targets/index.js';
import type { BaselineBook, Check, CheckContext } from '../checks/index.js';
import { CheckFailure, CheckSkipped, expectSchema, expectStatus, expectThat, runProperty } from '../checks/index.js';

/** What the engine gives each check's context. */
export interface ContextEnvironment {
  readonly check: Check;
  readonly http: HttpClient;
  readonly target: Target;
  readonly seed: number;
  readonly runs: number;
  readonly samples: number;
  readonly signal: AbortSignal;
  readonly baseline: BaselineBook;
  readonly receiver?: Receiver;
  readonly log: (message: string) => void;
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
    samples: env.samples,
    get receiver(): Receiver {
      if (!env.receiver) {
        throw new Error(`Check ${check.id} uses ctx.receiver without declaring needs: ['receiver']: add it to the check.`);
      }
      return env.receiver;
    },
    signal: env.signal,
    baseline: env.baseline,
    log: env.log,
    fail(message, details) {
      throw new CheckFailure(message, details);
    },
    skip(reason) {
      throw new CheckSkipped(reason);
    },
    expect(condition, message, details) {
      expectThat(condition, message, details);
    },
    expectStatus,
    expectSchema,
    property: (name, arbitrary, predicate, options) =>
      runProperty({ http: env.http, seed: env.seed, runs: env.runs, signal: env.signal }, name, arbitrary, predicate, options),
  };
}
