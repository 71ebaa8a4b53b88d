import type { MatrixStatus, RequirementRow, RunResult } from '../results/run-result.js';
import { dialectHintText, fixFirst, operationCells, operationHeader } from './fix-first.js';
import { compactHeader, MarkdownBudget, markdownFailure, markdownFailureRow } from './markdown-failure.js';
import { gateLines, gateSections } from './gate-sections.js';
import type { Reporter } from './reporter.js';
import { ledgerHeader, ledgerRows, safetySummary } from './safety-section.js';
import { idList, markdownCell } from './safe-text.js';
import { countColumns, countRows, coverageLine, notGradedNote, partialNote, statusMark, verdictLine } from './text-format.js';

/** summary.md stays under this many bytes whatever the run (GitHub caps a step summary at 1 MiB; people read less). */
export const markdownByteLimit = 38_000;
// failures are shown in full up to here, then as table rows up to the next mark; the rest is for the matrix
const detailUntil = 20_000;
const rowsUntil = 30_000;
const listsUntil = 35_000;
// the baseline's and --compare-run's lists come first, and leave the failures most of the budget
const gateUntil = 10_000;

const code = (id: string): string => `\`${id.replace(/`/g, "'")}\``;
const matrixOrder: Record<MatrixStatus, number> = { failed: 0, errored: 1, unproven: 2, noted: 3, skipped: 4, passed: 5, 'not-covered': 6, uncheckable: 7 };

/** The Markdown summary (also $GITHUB_STEP_SUMMARY): what to fix first, then the rest, bounded in size. */
export const markdownReporter: Reporter = {
  name: 'markdown',
  file: 'summary.md',
  render(result: RunResult): string {
    const out = new MarkdownBudget(markdownByteLimit);
    const order = fixFirst(result);
    // the exit code decides the mark: a run that fails only its known failures passes its gate, and is not shown as conforming
    const mark = result.exitCode !== 0 ? '❌' : result.verdict !== 'conforms' || notGradedNote(result) !== undefined ? '⚠️' : '✅';
    out.force(`# Conformance: ${mark} ${markdownCell(verdictLine(result), 600)}`, '');
    for (const line of gateLines(result)) out.force(`**${markdownCell(line, 600)}**`, '');
    out.force(
      `Target **${markdownCell(result.target.name, 100)}** (profile ${markdownCell(result.target.profile, 40)}, ${markdownCell(result.target.baseUrl, 200)}), seed \`${result.seed}\`, ${result.runs} runs per property, ${result.requestsSent} requests, ${(result.durationMs / 1000).toFixed(1)} s${result.target.startupMs === undefined ? '' : `, target ready in ${result.target.startupMs} ms`}. Full detail: \`report.html\`, \`results.json\`.`,
      '',
    );
    const partial = partialNote(result, 30);
    if (partial) out.force(`> **${markdownCell(partial, 3000)}**`, '');
    if (result.setupError) out.force(`**Set-up problem ${markdownCell(result.setupError.code, 60)}**: ${markdownCell(result.setupError.message, 1000)}`, '');
    for (const section of gateSections(result)) {
      out.force(`## ${section.kind === 'baseline' ? 'Known-failures baseline' : 'Changes since the compared run'}`, '');
      for (const list of section.lists) {
        out.force(`**${markdownCell(list.title, 300)}**`, '');
        const fitted = list.lines.findIndex((line) => !out.add([`- ${markdownCell(line, 300)}`], gateUntil));
        if (fitted >= 0) out.force(`- … and ${list.lines.length - fitted} more: see \`report.html\` and \`results.json\``);
        out.force('');
      }
    }
    if (result.operations.length > 0) {
      out.force('## Operations', '', `| ${operationHeader.join(' | ')} |`, '|---|---|---|---|');
      for (const row of result.operations)
        out.force(
          `| ${operationCells(row)
            .map((c, i) => (i === 0 ? code(c) : markdownCell(c, 200)))
            .join(' | ')} |`,
        );
      const hint = dialectHintText(result);
      out.force('', ...(hint === undefined ? [] : [markdownCell(hint, 400), '']));
    }
    const failures = [...order.roots, ...order.others.map((check) => ({ check, blocks: [] as readonly string[], same: [] as readonly string[] }))];
    let shown = 0;
    const section = (title: string, list: readonly (typeof failures)[number][]): void => {
      if (list.length === 0) return;
      out.force(title, '');
      let table = false;
      for (const { check, blocks, same } of list) {
        if (!table && out.add(markdownFailure(check, result, blocks, same), detailUntil)) {
          shown += 1;
          continue;
        }
        if (!table) out.force(...compactHeader);
        table = true;
        if (!out.add([markdownFailureRow(check, blocks)], rowsUntil)) break;
        shown += 1;
      }
      if (table) out.force('');
    };
    section(`## Root causes (${order.roots.length}): fix these first`, order.roots);
    section(`## Other failures (${order.others.length})`, failures.slice(order.roots.length));
    if (shown < failures.length) out.force(`… and ${failures.length - shown} more failure(s) not shown here: see \`report.html\` and \`results.json\`.`, '');
    // each list below takes what fits before the reserve for the counts and the matrix, and says what it left off
    const list = (title: string, lines: readonly string[], more: (left: number) => string): void => {
      if (lines.length === 0) return;
      out.force(title, '');
      const fitted = lines.findIndex((line) => !out.add([line], listsUntil));
      if (fitted >= 0) out.force(more(lines.length - fitted));
      out.force('');
    };
    list(
      `## Noted (${order.noted.length}): observe-level deviations, never failing`,
      order.noted.map((check) => `- NOTED ${code(check.id)}: ${markdownCell(check.reason ?? '', 200)}`),
      (n) => `- and ${n} more`,
    );
    const by = new Map<string, string[]>();
    for (const check of order.blocked) by.set(check.blockedBy ?? '?', [...(by.get(check.blockedBy ?? '?') ?? []), check.id]);
    list(
      `## Blocked (${order.blocked.length}): not run because what they need failed; their requirements stay unproven`,
      [...by].map(([blocker, ids]) => `- BLOCKED by ${code(blocker)}: ${ids.length} check(s): ${idList(ids, 10, code)}`),
      (n) => `- and ${n} more blocking check(s)`,
    );
    const counts = countRows(result);
    out.force('## Counts', '', `| ${(counts[0] as string[]).join(' | ')} |`, `|---|${countColumns.map(() => '---:').join('|')}|`);
    for (const row of counts.slice(1)) out.force(`| ${row[0] === 'all' ? row.map((c) => `**${c}**`).join(' | ') : row.join(' | ')} |`);
    out.force('', `${coverageLine(result).replace(/^r/, 'R')}.`, '');
    const safety = safetySummary(result);
    if (safety) out.force(markdownCell(safety, 2000), '');
    const ledger = ledgerRows(result).map((row) => `| ${row.map((c) => markdownCell(c, 80)).join(' | ')} |`);
    list(
      '## Send ledger',
      ledger.length === 0 ? [] : [`| ${ledgerHeader.join(' | ')} |`, `|${ledgerHeader.map(() => '---').join('|')}|`, ...ledger],
      (n) => `\n… and ${n} more sends in \`report.html\`.`,
    );
    const rows = [...result.requirements].sort((a, b) => matrixOrder[a.status] - matrixOrder[b.status]);
    out.force('<details><summary>Requirements matrix</summary>', '', '| requirement | level | status | checks |', '|---|---|---|---|');
    const fitted = rows.findIndex(
      (row) =>
        !out.add([
          `| ${code(row.id)} | ${row.level} | ${statusMark[row.status]} | ${brokenText(row)}${idList(row.checks, 5, code) || (row.uncheckable === undefined ? '-' : markdownCell(row.uncheckable))} |`,
        ]),
    );
    if (fitted >= 0) out.force('', `… and ${rows.length - fitted} more requirements in \`report.html\`.`);
    out.force('', '</details>', '');
    return out.lines.join('\n');
  },
};

/** "broken by X (`GET … → 400`); " for each failure that breaks the requirement (issue 34). */
function brokenText(row: RequirementRow): string {
  return (row.brokenBy ?? []).map((b) => `broken by ${code(b.check)} (${code(markdownCell(b.exchange, 120))}); `).join('');
}
