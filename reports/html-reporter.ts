import type { RunResult } from '../results/run-result.js';
import { dialectHintText, fixFirst } from './fix-first.js';
import { failureCard, operationsTable } from './html-failure.js';
import { baselineHtml, changesHtml, headerClass } from './html-gate.js';
import { htmlStyle } from './html-style.js';
import { areaTable, checksTable, matrixTable } from './html-tables.js';
import { gateLines } from './gate-sections.js';
import type { Reporter } from './reporter.js';
import { ledgerHeader, ledgerRows, safetySummary } from './safety-section.js';
import { cut, escapeXml as esc } from './safe-text.js';
import { countColumns, coverageLine, partialNote, verdictLine } from './text-format.js';

/**
 * One self-contained HTML file that opens with what to fix first: the operations table and the root causes (each
 * with the checks blocked behind it, collapsed), then the other failures, the noted deviations, the figures, the
 * requirements matrix and every check; a nav bar reaches each in one click.
 */
export const htmlReporter: Reporter = {
  name: 'html',
  file: 'report.html',
  render(result: RunResult): string {
    const order = fixFirst(result);
    const carded = new Set([...order.roots.map((root) => root.check.id), ...order.others.map((check) => check.id)]);
    // the nav names the section as its heading does: beside root causes it counts the other failures only, and "Failures 2"
    // under a header that says "3 failed" read as a lost failure (issue 25)
    const failuresTitle = order.roots.length > 0 ? 'Other failures' : 'Failures';
    const nav = [
      // the baseline's count is what fails it: new, fixed (stale) and expired entries
      ...(result.knownFailures ? [['baseline', 'Baseline', String(actionable(result.knownFailures))]] : []),
      ...(result.changes ? [['changes', 'Changes', '']] : []),
      ['operations', 'Operations', ''],
      ['root-causes', 'Root causes', String(order.roots.length)],
      ['failures', failuresTitle, String(order.others.length)],
      ['noted', 'Noted', String(order.noted.length)],
      ['figures', 'Figures', ''],
      ['matrix', 'Matrix', ''],
      ['checks', 'All checks', String(result.checks.length)],
    ].map(([id, label, count]) => `<a href="#${id}">${label}${count ? ` <span class="count">${count}</span>` : ''}</a>`);
    return [
      '<!doctype html><html lang="en"><head><meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width,initial-scale=1">',
      `<title>Conformance: ${esc(result.verdict)}${result.traffic !== undefined && result.traffic.notGraded > 0 ? `, ${result.traffic.notGraded} exchanges NOT GRADED` : ''} (${esc(result.target.name)})</title><style>${htmlStyle}</style></head><body>`,
      `<header class="${esc(headerClass(result))}"><h1>${esc(verdictLine(result))}</h1>${gateLines(result)
        .map((line) => `<p class="gate-line">${esc(line)}</p>`)
        .join('')}`,
      `<p>Target ${esc(result.target.name)} · profile ${esc(result.target.profile)} · ${esc(result.target.baseUrl)} · seed ${result.seed} · ${result.runs} runs/property · ${esc(coverageLine(result))} · started ${esc(result.startedAt)}</p></header>`,
      `<nav>${nav.join('')}</nav><main>`,
      result.interrupted ? `<section class="failure partial"><b>${esc(partialNote(result, 1000) ?? '')}</b></section>` : '',
      result.setupError
        ? `<section class="failure"><b>Set-up problem ${esc(result.setupError.code)}</b><pre>${esc(result.setupError.message)}</pre></section>`
        : '',
      baselineHtml(result),
      changesHtml(result),
      `<h2 id="operations">Operations</h2>${result.operations.length > 0 ? operationsTable(result.operations) : '<p class="muted">No operation was tried.</p>'}${dialectHint(result)}`,
      `<h2 id="root-causes">Root causes (${order.roots.length}): fix these first</h2>`,
      order.roots.length > 0
        ? order.roots.map(({ check, blocks, same }) => failureCard(check, result, blocks, same)).join('')
        : '<p class="muted">No failure blocks other checks.</p>',
      `<h2 id="failures">${failuresTitle} (${order.others.length})</h2>`,
      order.others.length > 0 ? order.others.map((check) => failureCard(check, result)).join('') : '<p class="muted">None.</p>',
      `<h2 id="noted">Noted (${order.noted.length}): observe-level deviations, never failing</h2>`,
      order.noted.length > 0
        ? `<ul>${order.noted.map((check) => `<li><span class="pill noted">noted</span> <a href="#check-${esc(check.id)}"><code>${esc(check.id)}</code></a>: ${esc(cut(check.reason ?? '', 600))}</li>`).join('')}</ul>`
        : '<p class="muted">None.</p>',
      `<h2 id="figures">Figures</h2>${figures(result)}${safety(result)}`,
      `<h2 id="matrix">Requirements matrix</h2>${areaTable(result.requirements)}${matrixTable(result.requirements)}`,
      `<h2 id="checks">All checks</h2><details><summary>${result.checks.length} checks</summary>${checksTable(result.checks, carded)}</details>`,
      '</main></body></html>',
      '',
    ].join('\n');
  },
};

function actionable(outcome: NonNullable<RunResult['knownFailures']>): number {
  return outcome.new.length + outcome.fixed.length + outcome.expired.length;
}

/** The --dialect line under the operations table, when the target names fields its own way. */
function dialectHint(result: RunResult): string {
  const hint = dialectHintText(result);
  return hint === undefined ? '' : `<p>${esc(hint)}</p>`;
}

function figures(result: RunResult): string {
  const { byStatus, requirements, total } = result.summary;
  const card = (label: string, value: string | number): string => `<div class="card"><b>${value}</b>${esc(label)}</div>`;
  const part = (n: number, cls: string): string =>
    n > 0 ? `<span class="${cls}" style="width:${(n / Math.max(1, total)) * 100}%" title="${n} ${cls}"></span>` : '';
  return [
    '<div class="cards">',
    ...countColumns.map((status) => card(status, byStatus[status] ?? 0)),
    card(`requirements covered (${requirements.covered}/${requirements.total - (requirements.uncheckable ?? 0)} checkable)`, `${requirements.percent}%`),
    card('requests sent', result.requestsSent),
    card('duration', `${(result.durationMs / 1000).toFixed(1)} s`),
    ...(result.target.startupMs === undefined ? [] : [card('target ready in', `${result.target.startupMs} ms`)]),
    '</div>',
    `<div class="bar" title="checks by status">${countColumns.map((status) => part(byStatus[status] ?? 0, status)).join('')}</div>`,
    `<p class="muted">${esc(coverageLine(result))}: blocked checks cover nothing.</p>`,
  ].join('');
}

function safety(result: RunResult): string {
  const summary = safetySummary(result);
  const rows = ledgerRows(result);
  const table =
    rows.length === 0
      ? ''
      : `<h3>Send ledger</h3><table><tr>${ledgerHeader.map((h) => `<th>${esc(h)}</th>`).join('')}</tr>${rows.map((row) => `<tr>${row.map((v) => `<td>${esc(v)}</td>`).join('')}</tr>`).join('')}</table>`;
  return `${summary ? `<p>${esc(summary)}</p>` : ''}${table}`;
}
