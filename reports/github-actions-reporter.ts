import type { CheckResult, Level, RunResult } from '../results/run-result.js';
import { failureView, shortLimits } from './failure-view.js';
import { fixFirst, sameCauseText } from './fix-first.js';
import { baselineLine, baselineMarks, baselineMarkText } from './known-failures-view.js';
import type { Reporter } from './reporter.js';
import { cut, cutLine, idList, visible } from './safe-text.js';
import { partialNote } from './text-format.js';

/** Annotations printed at most (GitHub shows 10 errors per step; the rest are counted in a notice). */
const maxAnnotations = 50;

/**
 * GitHub Actions workflow commands on stdout: one `::error title=<check id>::…` per root failure, most blocking first
 * (`::warning` below --fail-on). Blocked checks never annotate (their root cause does); noted checks give one ::notice.
 */
export const githubActionsReporter: Reporter = {
  name: 'github-actions',
  render(result: RunResult): string {
    const lines: string[] = [];
    if (result.setupError) lines.push(command('error', 'conformance not run', `${result.setupError.code}: ${result.setupError.message}`));
    const partial = partialNote(result);
    if (partial) lines.push(command('warning', 'partial conformance run', partial));
    const order = fixFirst(result);
    const marks = baselineMarks(result);
    // a known failure gets no annotation of its own (the baseline's notice lists them): new ones stand out
    const failures = [...order.roots, ...order.others.map((check) => ({ check, blocks: [] as readonly string[], same: [] as readonly string[] }))].filter(
      ({ check }) => marks.get(check.id) !== 'known',
    );
    for (const { check, blocks, same } of failures.slice(0, maxAnnotations)) {
      const note = baselineMarkText(marks.get(check.id), result);
      lines.push(
        command(
          failsRun(check.level, result.failOn) ? 'error' : 'warning',
          check.id,
          `${note === '' ? '' : `${note}\n`}${message(check, blocks, same, result)}`,
        ),
      );
    }
    lines.push(...baselineAnnotations(result));
    if (failures.length > maxAnnotations)
      lines.push(command('notice', 'more failures', `${failures.length - maxAnnotations} more failure(s): see report.html or summary.md`));
    if (order.noted.length > 0) {
      lines.push(
        command(
          'notice',
          'noted (observe)',
          `${order.noted.length} observe-level deviation(s) noted, never failing: ${idList(
            order.noted.map((c) => c.id),
            10,
          )}`,
        ),
      );
    }
    return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
  },
};

/** The baseline's annotations: each stale entry (fixed, still listed), then its verdict with the known failures it listed. */
function baselineAnnotations(result: RunResult): string[] {
  const outcome = result.knownFailures;
  if (outcome === undefined) return [];
  const stale = outcome.fixed.map((item) =>
    command(item.gates ? 'error' : 'warning', 'stale baseline entry', `${item.check} on ${item.requirement}: ${baselineMarkText('fixed', result)}`),
  );
  const known =
    outcome.known.length === 0
      ? ''
      : `\nknown failures: ${idList(
          outcome.known.map((item) => `${item.check} on ${item.requirement}`),
          10,
        )}`;
  return [...stale.slice(0, maxAnnotations), command(outcome.passes ? 'notice' : 'error', 'known-failures baseline', `${baselineLine(result) ?? ''}${known}`)];
}

function failsRun(level: Level, failOn: 'must' | 'should'): boolean {
  return level === 'must' || (level === 'should' && failOn === 'should');
}

function message(check: CheckResult, blocks: readonly string[], same: readonly string[], run: RunResult): string {
  const view = failureView(check, shortLimits, run);
  return [
    `${check.id} ${check.status} (${check.level}): ${cutLine(check.title, 200)}`,
    `target answered: ${view.answer ?? 'not recorded in the result'}`,
    cut(view.reason, 300),
    `requirements: ${idList(check.requirements, 10)}`,
    ...(same.length > 0 ? [sameCauseText(same, (ids) => idList(ids, 10))] : []),
    ...(blocks.length > 0 ? [`blocks ${blocks.length} check(s): ${idList(blocks, 10)}`] : []),
    ...(view.rerun === undefined ? [] : [`rerun: ${view.rerun}`]),
  ].join('\n');
}

// https://docs.github.com/actions/reference/workflow-commands-for-github-actions: data and property escaping
function command(kind: 'error' | 'warning' | 'notice', title: string, data: string): string {
  const escapeData = (text: string): string => visible(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
  return `::${kind} title=${escapeProperty(title)}::${escapeData(data)}`;
}
