import type { CheckResult } from '../../results/run-result.js';
import type { Reads } from '../checks/index.js';

/** True when a baseline result counts as "did not pass" for what depends on it (a skipped one skips, never blocks). */
function notPassing(result: CheckResult): boolean {
  return result.status === 'failed' || result.status === 'errored' || result.status === 'blocked';
}

/**
 * The positive baseline of an operation that blocks what needs it: the first, in plan order, that failed, errored or
 * was itself blocked. Undefined when every baseline that ran passed (or none ran).
 */
export function blockingBaseline(operationId: string, ordered: Iterable<CheckResult | undefined>): CheckResult | undefined {
  for (const result of ordered) {
    if (result !== undefined && result.baselineFor === operationId && notPassing(result)) return result;
  }
  return undefined;
}

/** True when some positive baseline of the operation saw it answer valid input with a 2xx (CheckResult.accepted). */
export function acceptsValidInput(operationId: string, checks: readonly CheckResult[]): boolean {
  return checks.some((check) => check.baselineFor === operationId && (check.status === 'passed' || check.accepted === true));
}

/**
 * True when a baseline failed only because its operation refused some valid input (a 4xx or 5xx to one valid request)
 * after answering others with a 2xx in the spec's shape: the answers a fixture reads are there, so what uses the
 * operation still runs (and meets that refusal itself, folded under the same cause, if it sends the same).
 */
export function refusesSomeValidInput(baseline: CheckResult): boolean {
  const status = baseline.answer?.status;
  return (
    baseline.status === 'failed' && baseline.accepted === true && baseline.failedOperation === baseline.baselineFor && status !== undefined && status >= 400
  );
}

/**
 * What of a baseline's failure a check reads (issue 34): undefined when nothing (the baseline failed only on fields of
 * 2xx answers, CheckResult.answer.fields, none of which the check `reads`), else the wrong fields it reads ([] when
 * the failure is not such a shape, or the check reads every field).
 */
export function wrongFieldsRead(blocker: CheckResult, checkReads: Reads | undefined): readonly string[] | undefined {
  const { answer } = blocker;
  const reads = checkReads === undefined || isFieldList(checkReads) ? checkReads : checkReads[blocker.baselineFor ?? ''];
  const shapeOnly = blocker.status === 'failed' && blocker.accepted === true && answer?.status !== undefined && answer.status >= 200 && answer.status < 300;
  const fields = shapeOnly ? answer.fields : undefined;
  if (fields === undefined || fields.length === 0) return [];
  if (reads === undefined) return fields;
  const read = fields.filter((field) => reads.includes(field));
  return read.length === 0 ? undefined : read;
}

const isFieldList = (reads: Reads): reads is readonly string[] => Array.isArray(reads);

/** The reason of a check blocked by an operation's baseline (short: reports collapse blocked checks under their root). */
export function blockedReason(operationId: string, blocker: CheckResult, fieldsRead: readonly string[] = []): string {
  const how = /^not implemented:/.test(blocker.reason ?? '')
    ? 'is not implemented'
    : fieldsRead.length > 0
      ? `answers without a valid ${fieldsRead.map((field) => `\`${field}\``).join(', ')}, which this check reads`
      : `did not pass its positive baseline (${blocker.status})`;
  return `blocked by ${blocker.id}: ${operationId} ${how}`;
}

const failing = (check: CheckResult): boolean => check.status === 'failed' || check.status === 'errored' || check.status === 'noted';

/**
 * The end-of-run pass (pure: the finishing order of concurrent checks does not matter, and a merge of shards
 * recomputes it alike). It never changes a status: a failure the harness observed stays a failure (DESIGN.md §3).
 * It folds a failure under an earlier one with the same cause (CheckResult.foldedInto), so the cause is one root:
 * - a failure in an operation X whose positive baseline did not pass, when X accepts no valid input in this run (not
 *   implemented, refuses everything, errors), answered the same status and message as X's baseline did, or gave a
 *   2xx answer with the same wrong shape (the same requirements broken at the same pointer, or the same names differing);
 * - a 2xx answer missing or mistyping the fields a failed positive baseline found so, breaking the same requirements
 *   (the same gap, failed once: issue 34);
 * - a refusal with the same operation, status and message as an earlier failure (the same refused request);
 * - a failure a failed history check explains (CheckResult.explains: the same check and status as a call its
 *   contradictions name, e.g. a 404 on a webhook that vanished), under that history check, which folds under nothing.
 * When two failures would fold into each other, the earlier in plan order stays the root.
 */
export function foldFailures(checks: readonly CheckResult[]): CheckResult[] {
  const target = causeTargets(checks);
  const into = new Map<string, string>();
  const reaches = (from: string, to: string): boolean => {
    const seen = new Set<string>();
    for (let at: string | undefined = from; at !== undefined && !seen.has(at); at = into.get(at)) {
      if (at === to) return true;
      seen.add(at);
    }
    return false;
  };
  // latest first: of two checks that would fold into each other, the earlier one is left a root
  for (const check of [...checks].reverse()) {
    const cause = target.get(check.id);
    if (cause !== undefined && !reaches(cause, check.id)) into.set(check.id, cause);
  }
  const rootOf = (id: string): string => {
    const seen = new Set<string>();
    let at = id;
    while (into.has(at) && !seen.has(at)) {
      seen.add(at);
      at = into.get(at) as string;
    }
    return at;
  };
  return checks.map((check) => {
    const { foldedInto: _previous, ...rest } = check;
    return into.has(check.id) ? { ...rest, foldedInto: rootOf(check.id) } : rest;
  });
}

/** For each failure, the earlier failure whose cause it shares (before cycles are resolved). */
function causeTargets(checks: readonly CheckResult[]): Map<string, string> {
  const target = new Map<string, string>();
  const firstRefusal = new Map<string, string>();
  const explainers = checks.filter((check) => failing(check) && check.explains !== undefined);
  for (const check of checks) {
    if (!failing(check) || check.explains !== undefined) continue;
    const explainer = explainers.find((h) => h.id !== check.id && h.explains?.some((e) => e.check === check.id && e.status === check.answer?.status));
    if (explainer !== undefined) {
      target.set(check.id, explainer.id);
      continue;
    }
    const operation = check.failedOperation;
    const blocker = operation === undefined ? undefined : blockingBaseline(operation, checks);
    if (operation !== undefined && blocker !== undefined && blocker.id !== check.id) {
      if (!acceptsValidInput(operation, checks) || sameAnswer(check, blocker) || sameWrongShape(check, blocker)) {
        target.set(check.id, blocker.id);
        continue;
      }
    }
    const gap = sameGapBaseline(check, checks);
    if (gap !== undefined) {
      target.set(check.id, gap.id);
      continue;
    }
    const key = refusalKey(check);
    if (key === undefined) continue;
    const first = firstRefusal.get(key);
    if (first === undefined) firstRefusal.set(key, check.id);
    else target.set(check.id, first);
  }
  return target;
}

/**
 * Two failures on the same wrong shape of one operation's 2xx answers: every requirement the later one shows broken
 * the baseline shows broken too, at the same schema pointer or with the same names differing (a target that names a
 * message's id `message_id` fails every send that reads the id, each with its own text).
 */
function sameWrongShape(check: CheckResult, baseline: CheckResult): boolean {
  const [a, b] = [check.answer, baseline.answer];
  if (a?.status === undefined || a.status < 200 || a.status >= 300 || b?.status === undefined || b.status < 200 || b.status >= 300) return false;
  const broken = check.violated ?? [];
  if (broken.length === 0 || !broken.every((id) => baseline.violated?.includes(id))) return false;
  const names = (answer: typeof a) => (answer.renamed ?? []).map((r) => `${r.at} ${r.spec}>${r.target}`).join(',');
  return (a.pointer !== undefined && a.pointer === b.pointer) || (names(a) !== '' && names(a) === names(b));
}

/**
 * The first positive baseline (plan order) that failed on the same gap of 2xx answers as the check: the same
 * requirements broken at the same fields (TargetAnswer.fields), e.g. a list page whose items lack the `direction` the
 * send baseline found missing: the gap fails its requirement once (issue 34).
 */
function sameGapBaseline(check: CheckResult, checks: readonly CheckResult[]): CheckResult | undefined {
  const fields = check.answer?.fields ?? [];
  const broken = check.violated ?? [];
  if (fields.length === 0 || broken.length === 0 || check.baselineFor !== undefined) return undefined;
  return checks.find(
    (baseline) =>
      baseline.baselineFor !== undefined &&
      baseline.status === 'failed' &&
      broken.every((id) => baseline.violated?.includes(id)) &&
      fields.every((field) => baseline.answer?.fields?.includes(field)),
  );
}

/**
 * Two refusals answered alike: the same 4xx/5xx status and the same message of the target. Two 2xx answers are never
 * alike so: a 201 to an unknown template and a 201 in a wrong shape are two findings, each of its own requirement.
 */
function sameAnswer(a: CheckResult, b: CheckResult): boolean {
  const status = a.answer?.status;
  return status !== undefined && status >= 400 && status === b.answer?.status && (a.answer?.message ?? '') === (b.answer.message ?? '');
}

/**
 * "operation status message" of a valid request refused (a 4xx or 5xx, with the target's message, where the check
 * expected a 2xx), else undefined: a refusal of invalid input is the behaviour a negative check wants, never a cause.
 */
function refusalKey(check: CheckResult): string | undefined {
  const { answer, failedOperation } = check;
  if (check.status === 'noted' || failedOperation === undefined || answer?.status === undefined || answer.status < 400 || !answer.message) return undefined;
  if (!/\b2/.test(answer.expected ?? '')) return undefined;
  return `${failedOperation} ${answer.status} ${answer.message}`;
}
