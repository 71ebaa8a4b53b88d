import type { CheckResult, MatrixStatus, RequirementRow, RunResult } from '../suites/engine/result.js';
import { htmlStyle } from './html-style.js';
import type { Reporter } from './reporter.js';
import { ledgerHeader, ledgerRows, safetySummary } from './safety-section.js';
import { counterexampleText, escapeXml as esc, problems, verdictLine } from './text-format.js';

/** One self-contained HTML file: verdict, figures, failures with reproductions, the requirements matrix. */
export const htmlReporter: Reporter = {
  name: 'html',
  file: 'report.html',
  render(result: RunResult): string {
    const failing = problems(result);
    return [
      '<!doctype html><html lang="en"><head><meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width,initial-scale=1">',
      `<title>Conformance: ${esc(result.verdict)} (${esc(result.target.name)})</title><style>${htmlStyle}</style></head><body>`,
      `<header class="${esc(result.verdict)}"><h1>${esc(verdictLine(result))}</h1>`,
      `<p>Target ${esc(result.target.name)} · profile ${esc(result.target.profile)} · ${esc(result.target.baseUrl)} · seed ${result.seed} · ${result.runs} runs/property · started ${esc(result.startedAt)}</p></header><main>`,
      figures(result),
      safety(result),
      failing.length > 0 ? `<h2>Failures (${failing.length})</h2>${failing.map((check) => failure(check, result.seed)).join('')}` : '',
      `<h2>Requirements matrix</h2>${areaTable(result.requirements)}${matrix(result.requirements)}`,
      `<h2>All checks</h2><details><summary>${result.checks.length} checks</summary>${checksTable(result.checks)}</details>`,
      '</main></body></html>',
      '',
    ].join('\n');
  },
};

function figures(result: RunResult): string {
  const { byStatus, requirements, total } = result.summary;
  const card = (label: string, value: string | number): string => `<div class="card"><b>${value}</b>${esc(label)}</div>`;
  const part = (n: number, cls: string): string => (n > 0 ? `<span class="${cls}" style="width:${(n / Math.max(1, total)) * 100}%"></span>` : '');
  return [
    '<div class="cards">',
    card('passed', byStatus.passed),
    card('failed', byStatus.failed),
    card('errored', byStatus.errored),
    card('skipped', byStatus.skipped),
    card(`requirements covered (${requirements.covered}/${requirements.total})`, `${requirements.percent}%`),
    card('requests sent', result.requestsSent),
    card('duration', `${(result.durationMs / 1000).toFixed(1)} s`),
    ...(result.target.startupMs === undefined ? [] : [card('target ready in', `${result.target.startupMs} ms`)]),
    '</div>',
    `<div class="bar" title="checks by status">${part(byStatus.passed, 'passed')}${part(byStatus.failed, 'failed')}${part(byStatus.errored, 'errored')}${part(byStatus.skipped, 'skipped')}</div>`,
    result.setupError ? `<div class="failure"><b>Set-up problem ${esc(result.setupError.code)}</b><pre>${esc(result.setupError.message)}</pre></div>` : '',
  ].join('');
}

function safety(result: RunResult): string {
  const summary = safetySummary(result);
  const rows = ledgerRows(result);
  const table = rows.length === 0 ? '' : `<h2>Send ledger</h2><table><tr>${ledgerHeader.map((h) => `<th>${esc(h)}</th>`).join('')}</tr>${rows.map((row) => `<tr>${row.map((v) => `<td>${esc(v)}</td>`).join('')}</tr>`).join('')}</table>`;
  return `${summary ? `<p>${esc(summary)}</p>` : ''}${table}`;
}

function failure(check: CheckResult, seed: number): string {
  const example = counterexampleText(check);
  return [
    `<div class="failure${check.status === 'errored' ? ' errored-box' : ''}" id="check-${esc(check.id)}">`,
    `<div><span class="pill ${check.status}">${check.status}</span> <b>${esc(check.id)}</b> <span class="muted">[${check.level}] ${esc(check.suite)}</span></div>`,
    `<div>${esc(check.title)} · requirements ${check.requirements.map((id) => `<a href="#req-${esc(id)}"><code>${esc(id)}</code></a>`).join(', ')}</div>`,
    check.reason ? `<pre>${esc(check.reason)}</pre>` : '',
    example ? `<div>Counterexample (seed ${check.seed ?? seed}${check.path ? `, path ${esc(check.path)}` : ''}):</div><pre>${esc(example)}</pre>` : '',
    check.reproduction ? `<div>Reproduce:</div><pre><code>${esc(check.reproduction)}</code></pre>` : '',
    '</div>',
  ].join('');
}

function areaTable(rows: readonly RequirementRow[]): string {
  const areas = new Map<string, RequirementRow[]>();
  for (const row of rows) {
    const area = row.id.split('-')[0] as string;
    areas.set(area, [...(areas.get(area) ?? []), row]);
  }
  const body = [...areas].map(([area, list]) => {
    const covered = list.filter((row) => row.covered).length;
    const count = (status: string): number => list.filter((row) => row.status === status).length;
    const pct = Math.round((covered / list.length) * 100);
    return `<tr><td><b>${esc(area)}</b></td><td>${list.length}</td><td>${covered} (${pct}%)<div class="bar"><span class="passed" style="width:${pct}%"></span></div></td><td>${count('passed')}</td><td>${count('failed')}</td><td>${count('errored')}</td><td>${count('skipped')}</td></tr>`;
  });
  return `<table><tr><th>area</th><th>requirements</th><th>covered</th><th>passed</th><th>failed</th><th>errored</th><th>skipped</th></tr>${body.join('')}</table>`;
}

function matrix(rows: readonly RequirementRow[]): string {
  const order: Record<MatrixStatus, number> = { failed: 0, errored: 1, noted: 2, unproven: 3, passed: 4, skipped: 5, 'not-covered': 6 };
  const sorted = [...rows].sort((a, b) => order[a.status] - order[b.status]);
  const body = sorted.map(
    (row) =>
      `<tr id="req-${esc(row.id)}"><td><code>${esc(row.id)}</code></td><td>§${esc(row.section)}</td><td>${row.level}</td><td><span class="pill ${row.status}">${row.status}</span></td><td>${esc(row.text)}</td><td>${row.checks.map((id) => `<code>${esc(id)}</code>`).join(' ') || '<span class="muted">none</span>'}</td></tr>`,
  );
  return `<details open><summary>${rows.length} requirements</summary><table><tr><th>requirement</th><th>section</th><th>level</th><th>status</th><th>text</th><th>checks</th></tr>${body.join('')}</table></details>`;
}

function checksTable(checks: readonly CheckResult[]): string {
  const body = checks.map(
    (check) =>
      `<tr><td><code>${esc(check.id)}</code></td><td>${esc(check.suite)}</td><td>${check.level}</td><td><span class="pill ${check.status}">${check.status}</span></td><td>${check.durationMs} ms</td><td>${check.exchanges}</td><td>${esc(check.reason ?? '')}</td></tr>`,
  );
  return `<table><tr><th>check</th><th>suite</th><th>level</th><th>status</th><th>time</th><th>requests</th><th>reason</th></tr>${body.join('')}</table>`;
}
