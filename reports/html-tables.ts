import type { CheckResult, MatrixStatus, RequirementRow } from '../results/run-result.js';
import { ownReason } from './failure-view.js';
import { checkLink } from './html-failure.js';
import { cut, escapeXml as esc } from './safe-text.js';

const matrixOrder: Record<MatrixStatus, number> = { failed: 0, errored: 1, unproven: 2, noted: 3, passed: 4, skipped: 5, 'not-covered': 6, uncheckable: 7 };
const areaColumns: readonly MatrixStatus[] = ['passed', 'failed', 'errored', 'noted', 'unproven', 'skipped', 'not-covered', 'uncheckable'];

/** Requirements by area (the id's prefix): how many, how many covered, and by status. */
export function areaTable(rows: readonly RequirementRow[]): string {
  const areas = new Map<string, RequirementRow[]>();
  for (const row of rows) {
    const area = row.id.split('-')[0] as string;
    areas.set(area, [...(areas.get(area) ?? []), row]);
  }
  const body = [...areas].map(([area, list]) => {
    const covered = list.filter((row) => row.covered).length;
    const pct = Math.round((covered / list.length) * 100);
    const counts = areaColumns.map((status) => `<td>${list.filter((row) => row.status === status).length || ''}</td>`).join('');
    return `<tr><td><b>${esc(area)}</b></td><td>${list.length}</td><td>${covered} (${pct}%)<div class="bar"><span class="passed" style="width:${pct}%"></span></div></td>${counts}</tr>`;
  });
  return `<table><tr><th>area</th><th>requirements</th><th>covered</th>${areaColumns.map((s) => `<th>${s}</th>`).join('')}</tr>${body.join('')}</table>`;
}

/** The failures that break a requirement, each with its exchange, before the checks that cite it. */
function brokenCell(row: RequirementRow): string {
  const broken = (row.brokenBy ?? []).map((b) => `<div>broken by ${checkLink(b.check)}: <code>${esc(b.exchange)}</code></div>`);
  return broken.join('');
}

/** Every requirement, worst first, with its status, what broke it and the checks that cite it. */
export function matrixTable(rows: readonly RequirementRow[]): string {
  const sorted = [...rows].sort((a, b) => matrixOrder[a.status] - matrixOrder[b.status]);
  const body = sorted.map(
    (row) =>
      `<tr id="req-${esc(row.id)}"><td><code>${esc(row.id)}</code></td><td>§${esc(row.section)}</td><td>${row.level}</td><td><span class="pill ${row.status}">${row.status}</span></td><td>${esc(row.text)}</td><td>${brokenCell(row)}${row.checks.map(checkLink).join(' ') || `<span class="muted">${row.uncheckable === undefined ? 'none' : `not checkable: ${esc(row.uncheckable)}`}</span>`}</td></tr>`,
  );
  return `<details open><summary>${rows.length} requirements</summary><table><tr><th>requirement</th><th>section</th><th>level</th><th>status</th><th>text</th><th>checks</th></tr>${body.join('')}</table></details>`;
}

/** Every check; those without a failure card carry the check-<id> anchor here. */
export function checksTable(checks: readonly CheckResult[], carded: ReadonlySet<string>): string {
  const body = checks.map((check) => {
    const anchor = carded.has(check.id) ? '' : ` id="check-${esc(check.id)}"`;
    const status = check.status === 'blocked' && check.blockedBy ? ` by ${checkLink(check.blockedBy)}` : '';
    return `<tr${anchor}><td><code>${esc(check.id)}</code></td><td>${esc(check.suite)}</td><td>${check.level}</td><td><span class="pill ${check.status}">${check.status}</span>${status}</td><td>${check.durationMs} ms</td><td>${check.exchanges}${check.judgedAnswersOf === undefined ? '' : ` <span class="muted">(judged the answers of ${checkLink(check.judgedAnswersOf)})</span>`}</td><td>${esc(cut(ownReason(check), 300))}</td></tr>`;
  });
  return `<table><tr><th>check</th><th>suite</th><th>level</th><th>status</th><th>time</th><th>requests</th><th>reason</th></tr>${body.join('')}</table>`;
}
