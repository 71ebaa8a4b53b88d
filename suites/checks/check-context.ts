import type { Arbitrary } from 'fast-check';
import type { Receiver } from '../../receiver/index.js';
import type { Exchange, HttpClient, Patience, Profile, Target } from '../../targets/index.js';
import type { Level } from '../../spec/level.js';
import type { Breaks } from './attribution.js';

/** An expected status: an exact code, a class such as '2xx', or any of a list. */
export type StatusExpectation = number | StatusClass | readonly (number | StatusClass)[];

/** A status class. */
export type StatusClass = '1xx' | '2xx' | '3xx' | '4xx' | '5xx';

/** Options of ctx.property. */
export interface PropertyOptions<T> {
  /** Cases to generate (default ctx.runs). */
  numRuns?: number;
  /** Values always tried first (boundaries, known-bad inputs). */
  examples?: readonly T[];
}

/** The positive baselines of this run, by operation id (DESIGN.md §3: no vacuous passes). */
export interface BaselineBook {
  /** True when the operation's positive baseline was recorded ok and never failed in this run. */
  passed(operationId: string): boolean;
  /** True when the operation answered some valid request with a 2xx in this run, whatever its answer's shape. */
  accepted(operationId: string): boolean;
  /**
   * True when the operation's positive baseline ran in this run and saw no valid input accepted (a route missing, or
   * every valid request refused): a check leaves that operation out rather than fail on it (DESIGN.md §3).
   */
  refusedValidInput(operationId: string): boolean;
  /** Records a positive baseline outcome; `detail` explains a failure; `accepted` as for accepted() (default ok). */
  record(operationId: string, ok: boolean, detail?: string, accepted?: boolean): void;
}

/** The check a context runs: what it is and what it declared (fixtures read `uses`, `baseline`, `baselineFor`). */
export interface CheckIdentity {
  readonly id: string;
  readonly title: string;
  readonly suite: string;
  readonly level: Level;
  readonly requirements: readonly string[];
  /** The operations it declared as fixtures (CheckDefinition.uses). */
  readonly uses?: readonly string[];
  /** The operation whose baseline it needs (a negative check of that operation). */
  readonly baseline?: string;
  /** The operation it is the positive baseline of. */
  readonly baselineFor?: string;
}

/** What a check's run() gets: the target, the one HTTP client, and helpers that turn findings into results. */
export interface CheckContext {
  readonly check: CheckIdentity;
  /** The HTTP client, scoped to this check (its exchanges count for this check; aborted at the deadline). */
  readonly http: HttpClient;
  readonly target: Target;
  readonly profile: Profile;
  /** The run's seed (fast-check and any other randomness). */
  readonly seed: number;
  /** Property cases per operation (--runs). */
  readonly runs: number;
  /** Most items to take from a fixed list of cases (invalid inputs, URLs, a burst); Infinity = all (see sampled()). */
  readonly samples: number;
  /** The webhook receiver; only for checks that declare needs: ['receiver'] (throws otherwise). */
  readonly receiver: Receiver;
  /** Aborted at the check's deadline. */
  readonly signal: AbortSignal;
  /** The run's patience: the deadline of every wait on the target or its deliveries (decision 35). */
  readonly patience: Patience;
  readonly baseline: BaselineBook;
  /**
   * This context with `requirement` as the attribution of every expectation that names none: hand it to a helper
   * whose expectations all show that one requirement broken (e.g. listing pages for MSG-LIST-RESPONSE).
   */
  citing(requirement: string): CheckContext;
  /** The requirement given to citing(), if any. */
  readonly cited: string | undefined;
  /**
   * Records that the check observed what it cites, where no expectation shows it (DESIGN.md §3 "Evidence or nothing"):
   * an answer it judged by its own rule (an exchange: it counts when it is a 2xx, or a refusal by an operation that
   * answers valid input with a 2xx in this run), or in words a delivery that arrived, a non-empty list compared, a
   * filter that matched. ctx.expectStatus and ctx.expectSchema record it themselves under the same rule. A check that
   * ends without any is not passed: it is blocked or skipped, saying why.
   */
  evidence(what: string | Exchange): void;
  /** Adds a line to the check's log (redacted, kept in the result). */
  log(message: string): void;
  /**
   * Fails the check (throws a CheckFailure). `breaks` names the requirement the failure shows broken (an id, or details
   * with `requirements`): required when the check cites several (suites/checks/attribution.ts), never in `message`.
   */
  fail(message: string, breaks?: Breaks): never;
  /** Skips the check with a reason (throws). */
  skip(reason: string): never;
  /**
   * Ends the check blocked (throws): none of `operations`, which it could observe what it cites through, works on this
   * target (ctx.baseline.accepted is false for each). The engine names the first one's baseline that did not pass.
   */
  blockedBy(operations: readonly string[], reason: string): never;
  /**
   * Fails with `message` unless `condition` holds; `breaks` as for fail (every ctx.expect* checks it on each call,
   * failing or not, so a clean run shows a missing attribution). Not an `asserts` signature: TypeScript refuses assertion calls
   * through a contextually typed ctx (TS2775); import `expectThat` from this module when narrowing is wanted.
   */
  expect(condition: unknown, message: string, breaks?: Breaks): void;
  /** Fails unless the exchange got the status; a network error makes the check ERRORED. Returns the exchange. */
  expectStatus(exchange: Exchange, expected: StatusExpectation, message?: string, breaks?: Breaks): Exchange;
  /**
   * Fails unless the JSON body validates against the spec schema (spec/index.ts validate). Returns the body. A
   * violation names the requirements of the schema's x-requirements; `breaks` is the one named when it has none.
   */
  expectSchema(exchange: Exchange, schemaName: string, message?: string, breaks?: Breaks): unknown;
  /**
   * Runs a fast-check async property with the run's seed; a failing case becomes a CheckFailure carrying the
   * seed, the shrunk counterexample and the curl reproduction of its last exchange. The predicate fails by
   * returning false or by throwing (e.g. via ctx.expect*).
   */
  property<T>(name: string, arbitrary: Arbitrary<T>, predicate: (value: T) => Promise<boolean | void>, options?: PropertyOptions<T>): Promise<void>;
  /**
   * What several checks judge from one set of requests, sent once per run: the first check to ask runs `send` (its
   * requests count for it); a later one gets the same answers and its log names the check that sent them. A send that
   * threw or did not finish (SharedSend.complete false: its check's deadline came) is not reused: the caller sends its own.
   * Checks that share a key declare it in their cost (CheckCost.shared), so --plan and the budget count the requests once.
   */
  shared<T>(key: string, send: () => Promise<SharedSend<T>>): Promise<T>;
}

/** What a shared send made (CheckContext.shared): its value, and whether it ran to the end. */
export interface SharedSend<T> {
  readonly value: T;
  readonly complete: boolean;
}

/** The run's shared sends by key (CheckContext.shared): the check that sent, and what it made. */
export type SharedSends = Map<string, Promise<{ readonly by: string; readonly made: SharedSend<unknown> }>>;
