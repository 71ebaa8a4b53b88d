import type { Receiver } from '../../receiver/index.js';
import { Patience } from '../../targets/index.js';
import type { HttpClient, Target } from '../../targets/index.js';
import type { BaselineBook, Breaks, Check, CheckContext, Evidence, FailureDetails, SharedSend, SharedSends } from '../checks/index.js';
import {
  attribute as attributeTo,
  CheckBlocked,
  CheckFailure,
  CheckSkipped,
  exchangeLabel,
  expectSchema,
  expectStatus,
  isSuccess,
  runProperty,
} from '../checks/index.js';
import type { Exchange } from '../../targets/index.js';
import { operationOfRequest } from './operation-of-request.js';

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
  /** The run's patience (default: the process's). */
  readonly patience?: Patience;
  readonly log: (message: string) => void;
  /** What the check observed (DESIGN.md §3 "Evidence or nothing"): the engine reads it when the check returns. */
  readonly evidence: Evidence;
  /** The run's shared sends (CheckContext.shared). */
  readonly shared: SharedSends;
  /** Hears that the check judged the answers to requests another check sent (CheckResult.judgedAnswersOf). */
  readonly judgedAnswersOf?: (by: string) => void;
}

/** Builds the CheckContext of one check run. */
export function createContext(env: ContextEnvironment, cited?: string): CheckContext {
  const { check } = env;
  const attribute = (message: string, breaks: Breaks | undefined): FailureDetails => attributeTo(check, message, withDefault(breaks, cited));
  // an expectation that held on an answer counts when the answer was a 2xx, or a refusal by an operation that answers
  // valid input with a 2xx in this run (a refusal of everything proves nothing: DESIGN.md §3)
  const graded = (exchange: Exchange, how: string): Exchange => {
    const operation = operationOfRequest(exchange.request.method, exchange.request.url);
    if (isSuccess(exchange)) env.evidence.record(`${how} ${exchangeLabel(exchange)}`);
    else if (operation !== undefined && env.baseline.accepted(operation))
      env.evidence.record(`refusal ${exchangeLabel(exchange)} (${operation} accepts valid input)`);
    return exchange;
  };
  return {
    check: {
      id: check.id,
      title: check.title,
      suite: check.suite,
      level: check.level,
      requirements: check.requirements,
      ...(check.uses === undefined ? {} : { uses: check.uses }),
      ...(check.baseline === undefined ? {} : { baseline: check.baseline }),
      ...(check.baselineFor === undefined ? {} : { baselineFor: check.baselineFor }),
    },
    citing: (requirement) => createContext(env, requirement),
    cited,
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
    patience: env.patience ?? Patience.ofProcess(),
    baseline: env.baseline,
    log: env.log,
    evidence: (what) => void (typeof what === 'string' ? env.evidence.record(what) : graded(what, 'judged')),
    fail(message, breaks) {
      throw new CheckFailure(message, attribute(message, breaks));
    },
    skip(reason) {
      throw new CheckSkipped(reason);
    },
    blockedBy(operations, reason) {
      throw new CheckBlocked(reason, operations);
    },
    // every expectation is attributed on each call, failing or not: a clean run already shows a missing one
    expect(condition, message, breaks) {
      const details = attribute(message, breaks);
      if (!condition) throw new CheckFailure(message, details);
      // an expectation that held on the answer it names judged that answer
      if (details.exchange !== undefined) graded(details.exchange, 'judged');
    },
    expectStatus: (exchange, expected, message, breaks) => graded(expectStatus(exchange, expected, message, attribute(message ?? '', breaks)), 'graded status'),
    // a schema violation names its keywords' x-requirements; the attribution covers the rest. A check citing several
    // may leave it out when every keyword it can break cites one: a violation naming none then errors (run-check.ts)
    expectSchema: (exchange, schemaName, message, breaks) => {
      const body = expectSchema(
        exchange,
        schemaName,
        message,
        breaks === undefined && cited === undefined && check.requirements.length > 1 ? {} : attribute(message ?? '', breaks),
      );
      graded(exchange, `${schemaName} graded`);
      return body;
    },
    property: (name, arbitrary, predicate, options) =>
      runProperty({ http: env.http, seed: env.seed, runs: env.runs, signal: env.signal }, name, arbitrary, predicate, options),
    shared: (key, send) => sharedSend(env, key, send),
  };
}

/** CheckContext.shared: the earlier complete send of the key, else this check's own (which later checks then reuse). */
async function sharedSend<T>(env: ContextEnvironment, key: string, send: () => Promise<SharedSend<T>>): Promise<T> {
  // read and claim the key in one turn: a check asking at the same time waits for this send, not its own
  const entry = env.shared.get(key);
  const earlier = entry === undefined ? undefined : await entry.catch(() => undefined);
  if (earlier?.made.complete) {
    env.log(`judged the answers to the requests ${earlier.by} sent (the checks of "${key}" send them once per run)`);
    env.judgedAnswersOf?.(earlier.by);
    return earlier.made.value as T;
  }
  const mine = send().then((made) => ({ by: env.check.id, made }));
  env.shared.set(key, mine);
  return (await mine).made.value;
}

/** The explicit attribution, else the context's default (ctx.citing). */
function withDefault(breaks: Breaks | undefined, cited: string | undefined): Breaks | undefined {
  if (cited === undefined) return breaks;
  if (breaks === undefined) return cited;
  return typeof breaks === 'string' || (breaks.requirements?.length ?? 0) > 0 ? breaks : { ...breaks, requirements: [cited] };
}
