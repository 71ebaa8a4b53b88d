import { operations } from '../../spec/index.js';
import { blockingBaseline } from './blocking.js';
import type { CheckResult, OperationRow, OperationState } from '../../results/run-result.js';

/** Statuses that say a route does not exist (or not for this method): the operation is not implemented. */
const absentRouteStatuses: ReadonlySet<number> = new Set([404, 405]);

/** True for a status that says a route does not exist (or not for this method). */
export function isAbsentRouteStatus(status: number): boolean {
  return absentRouteStatuses.has(status);
}

/**
 * True when an operation's positive baseline failed because the operation's own route answered 404/405 to valid input
 * (DESIGN.md §3 "Test whatever exists"): the operation is reported once as not implemented. Not when the run saw the
 * route answer valid input with a 2xx (the baseline's own calls, or another check's): then the 404 is about the
 * resource the request named, and saying "not implemented" would be false.
 */
export function isNotImplemented(operationId: string, failure: Pick<CheckResult, 'failedOperation' | 'answer' | 'accepted' | 'servedElsewhere'>): boolean {
  if (failure.accepted === true || failure.servedElsewhere !== undefined) return false;
  return failure.failedOperation === operationId && failure.answer?.status !== undefined && absentRouteStatuses.has(failure.answer.status);
}

/**
 * The operations overview: one row per contract operation (contract order), decided by its positive baselines: the
 * first that did not pass, in plan order, else the first that passed. Pure over the results (a merge recomputes it).
 */
export function operationsOverview(checks: readonly CheckResult[]): OperationRow[] {
  return operations.map((operation) => {
    const base = { operationId: operation.id, method: operation.method.toUpperCase(), path: operation.path };
    const ran = checks.filter((check) => check.baselineFor === operation.id && check.status !== 'skipped');
    const deciding = ran.find((check) => check.status !== 'passed') ?? ran[0];
    if (deciding === undefined) {
      // a baseline skipped for a setting says which one would let it be tried
      const skipped = checks.find((check) => check.baselineFor === operation.id && check.status === 'skipped' && check.reason !== undefined);
      return { ...base, state: 'not-tried' as const, ...(skipped?.reason === undefined ? {} : { message: skipped.reason }) };
    }
    const fixture = fixtureBlocker(operation.id, deciding, checks);
    const state = fixture === undefined ? stateOf(operation.id, deciding) : 'blocked';
    const { answer } = deciding;
    return {
      ...base,
      state,
      checkId: deciding.id,
      ...(state !== 'works' && state !== 'blocked' && answer?.status !== undefined ? { status: answer.status } : {}),
      // a names-only difference or the pointer says what is wrong better than the start of a 2xx body
      ...(state !== 'works' &&
      state !== 'blocked' &&
      answer?.message !== undefined &&
      !(state === 'wrong-shape' && (answer.renamed ?? answer.pointer) !== undefined)
        ? { message: answer.message }
        : {}),
      ...(state === 'wrong-shape' && answer?.pointer !== undefined ? { pointer: answer.pointer } : {}),
      ...(state === 'wrong-shape' && answer?.found !== undefined ? { found: answer.found } : {}),
      ...(state === 'wrong-shape' && answer?.renamed !== undefined ? { renamed: answer.renamed } : {}),
      ...(state === 'blocked' && (fixture ?? deciding.blockedBy) !== undefined ? { blockedBy: fixture ?? deciding.blockedBy } : {}),
    };
  });
}

/**
 * The baseline of another operation that kept this one from being tried: its baseline failed in a fixture operation
 * (sending the message a GET reads) whose own baseline did not pass. The failure stays a failure (folded under that
 * cause); the operation itself was never tried.
 */
function fixtureBlocker(operationId: string, result: CheckResult, checks: readonly CheckResult[]): string | undefined {
  if (result.status !== 'failed' && result.status !== 'errored') return undefined;
  const fixture = result.failedOperation;
  if (fixture === undefined || fixture === operationId) return undefined;
  return result.foldedInto ?? blockingBaseline(fixture, checks)?.id;
}

function stateOf(operationId: string, result: CheckResult): OperationState {
  switch (result.status) {
    case 'passed':
      return 'works';
    case 'blocked':
      return 'blocked';
    case 'errored':
      return 'errored';
    default: {
      if (isNotImplemented(operationId, result)) return 'not-implemented';
      const status = result.answer?.status;
      // a failure with no answer behind it (e.g. an awaited delivery that never came) says nothing of the shape
      if (status === undefined) return 'errored';
      return status < 200 || status > 299 ? 'refuses-valid-input' : 'wrong-shape';
    }
  }
}
