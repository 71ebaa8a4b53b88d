import type { CheckResult, RunResult } from '../results/run-result.js';
import { failureView, shortLimits } from './failure-view.js';
import { dialectHintText, fixFirst, operationCells, operationHeader, sameCauseText } from './fix-first.js';
import type { Reporter } from './reporter.js';
import { rerunLines } from './rerun-view.js';
import { baselineMarks } from './known-failures-view.js';
import { gateLines, gateSections } from './gate-sections.js';
import { safetySummary } from './safety-section.js';
import { cutLine, idList, visible } from './safe-text.js';
import { countRows, coverageLine, partialNote, statusMark, verdictLine } from './text-format.js';

/** Failures printed one by one at most; the rest are counted (report.html has them all). */
const maxFailures = 40;
/** Entries of each baseline and --compare-run list printed at most. */
const maxListed = 20;

/** The end-of-run summary on stdout: what to fix first (operations, root causes), then the rest, then the counts. */
export const consoleReporter: Reporter = {
  name: 'console',
  render(result: RunResult): string {
    const order = fixFirst(result);
    const lines = [''];
    if (result.operations.some((row) => row.state !== 'works')) {
      lines.push('Operations', ...table([operationHeader as string[], ...result.operations.map(operationCells)]).map((line) => `  ${line}`));
      const hint = dialectHintText(result);
      lines.push(...(hint === undefined ? [] : [`  ${hint}`]), '');
    } else if (result.operations.length > 0) {
      lines.push(`Operations: all ${result.operations.length} work`, '');
    }
    if (order.roots.length > 0) {
      lines.push(`Root causes (${order.roots.length}): fix these first`);
      order.roots.slice(0, maxFailures).forEach(({ check, blocks, same }, i) => {
        lines.push(...failure(check, `${i + 1}. `, blocks.length, result));
        if (same.length > 0) lines.push(`     ${sameCauseText(same, (ids) => idList(ids, 10))}`);
        if (blocks.length > 0) lines.push(`     blocks: ${idList(blocks, 10)}`);
      });
      lines.push('');
    }
    const room = Math.max(0, maxFailures - order.roots.length);
    if (order.others.length > 0) {
      lines.push(`${order.roots.length > 0 ? 'Other failures' : 'Failures'} (${order.others.length})`);
      for (const check of order.others.slice(0, room)) lines.push(...failure(check, '', 0, result));
      if (order.others.length > room) lines.push(`  … and ${order.others.length - room} more: see report.html`);
      lines.push('');
    }
    if (order.noted.length > 0)
      lines.push(
        `Noted (${order.noted.length}, observe: never failing): ${idList(
          order.noted.map((c) => c.id),
          10,
        )}`,
      );
    if (order.blocked.length > 0) lines.push(`Blocked (${order.blocked.length}): not run because a root cause above failed; their requirements stay unproven`);
    for (const section of gateSections(result)) {
      lines.push('', section.title);
      for (const list of section.lists) {
        lines.push(`  ${list.title}`, ...list.lines.slice(0, maxListed).map((line) => `    ${line}`));
        if (list.lines.length > maxListed) lines.push(`    … and ${list.lines.length - maxListed} more: see report.html`);
      }
    }
    lines.push('', ...table(countRows(result)), '');
    lines.push(
      `${coverageLine(result)}   seed: ${result.seed}   requests: ${result.requestsSent}${result.target.startupMs === undefined ? '' : `   target ready in: ${result.target.startupMs} ms`}`,
    );
    const safety = safetySummary(result);
    if (safety) lines.push(visible(safety));
    const partial = partialNote(result);
    if (partial) lines.push(partial);
    lines.push(verdictLine(result), ...gateLines(result), '');
    return lines.join('\n');
  },
};

function failure(check: CheckResult, prefix: string, blocks: number, run: RunResult): string[] {
  const view = failureView(check, shortLimits, run);
  const mark = baselineMarks(run).get(check.id);
  const lines = [
    `  ${prefix}${statusMark[check.status]} ${visible(check.id)} [${check.level}] ${idList(check.requirements, 5)}${blocks > 0 ? `  blocks ${blocks} check(s)` : ''}${mark ? `  (${mark === 'new' ? 'NEW' : mark})` : ''}`,
  ];
  const indent = ' '.repeat(prefix.length + 4);
  lines.push(`${indent}target answered: ${view.answer ?? 'not recorded (see the reason)'}`);
  if (view.reason) lines.push(`${indent}reason: ${cutLine(view.reason, 300)}`);
  // whole or not at all: a cut command does not run as printed
  for (const line of rerunLines(view)) lines.push(`${indent}${line}`);
  return lines;
}

/** Text columns: the first left-aligned, the rest left-aligned too unless numeric. */
function table(rows: readonly (readonly string[])[]): string[] {
  const widths = (rows[0] as readonly string[]).map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length)));
  return rows.map((row) =>
    row
      .map((value, i) => (/^\d+$/.test(value) ? value.padStart(widths[i] as number) : value.padEnd(widths[i] as number)))
      .join('  ')
      .trimEnd(),
  );
}
