import { htmlStyle } from '../reports/html-style.js';
import { escapeXml as esc } from '../reports/index.js';
import type { ParityResult, ParityRow } from './parity-result.js';
import { cut, differingRows, keyVariablesLine, parityHeadline, rowsByArea, rowState, specVerdictText } from './parity-text.js';

const stateClass = { same: 'passed', different: 'failed', expected: 'noted', 'not compared': 'skipped' } as const;
const parityStyle = '.verdict{font-weight:600}.expected-box{border-left-color:var(--note)}.operation-box{background:#fff8f8}.why{margin:4px 0}';

/** The parity report as one self-contained HTML file (the reports' stylesheet and escaping): operations first, then what the spec decides. */
export function parityHtml(result: ParityResult): string {
  const differing = differingRows(result);
  const headerClass = result.differences.unexpected === 0 ? 'conforms' : 'does-not-conform';
  const side = (label: string, s: ParityResult['a']): string =>
    `<tr><td><b>${label}</b></td><td><code>${esc(s.spec)}</code></td><td>${esc(s.name)}</td><td>${esc(s.profile)}</td><td>${esc(s.baseUrl)}</td><td>${esc(s.verdict)}${s.setupError ? `: ${esc(s.setupError)}` : ''}</td><td>${s.statuses.passed}/${s.statuses.failed}/${s.statuses.errored}/${s.statuses.blocked ?? 0}/${s.statuses.skipped}</td></tr>`;
  const areas = [...rowsByArea(result.rows)].map(([area, rows]) => {
    const same = rows.filter((r) => r.compared && r.same).length;
    const compared = rows.filter((r) => r.compared).length;
    return `<details${area === 'operations' ? ' open' : ''}><summary>${esc(area)} · ${same}/${compared} match</summary><table><tr><th>check</th><th>behaviour</th><th>A</th><th>B</th><th>state</th></tr>${rows.map(rowHtml).join('')}</table></details>`;
  });
  const operations = differing.filter((row) => row.kind === 'operation');
  const others = differing.filter((row) => row.kind !== 'operation');
  const keys = keyVariablesLine(result);
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${esc(parityHeadline(result))}</title><style>${htmlStyle}${parityStyle}</style></head><body>`,
    `<header class="${headerClass}"><h1>${esc(parityHeadline(result))}</h1><p>seed ${result.seed} · ${result.runs} runs/property · started ${esc(result.startedAt)}</p></header>`,
    `<nav><a href="#operations">Operations <span class="count">${operations.length}</span></a><a href="#differences">Differences <span class="count">${others.length}</span></a><a href="#areas">Behaviours by area</a></nav><main>`,
    `<table><tr><th>side</th><th>target</th><th>name</th><th>profile</th><th>base URL</th><th>verdict</th><th>passed/failed/errored/blocked/skipped</th></tr>${side('A', result.a)}${side('B', result.b)}</table>`,
    keys ? `<p class="muted">${esc(keys)}</p>` : '',
    `<h2 id="operations">Operations that work on one side only (${operations.length})</h2>`,
    operations.length > 0
      ? `<p class="muted">Each is one row: the ${result.folded.rows} rows of the checks it blocked or failed are folded into it.</p>${operations.map(differenceHtml).join('')}`
      : '<p>None: every operation is in the same state on both sides.</p>',
    `<h2 id="differences">Differences (${others.length})</h2>${others.map(differenceHtml).join('') || '<p>None: every compared behaviour matches.</p>'}`,
    acceptedHtml(result),
    `<h2 id="areas">Behaviours by area</h2>${areas.join('')}`,
    '</main></body></html>',
    '',
  ].join('\n');
}

/** Each operation's first accepted request and answer on A and B, side by side (the names a dialect maps show here). */
function acceptedHtml(result: ParityResult): string {
  const rows = result.accepted.filter((pair) => pair.a !== undefined || pair.b !== undefined);
  if (rows.length === 0) return '';
  const side = (s: (typeof rows)[number]['a']): string =>
    s === undefined ? '<span class="muted">none accepted</span>' : `<pre><code>${esc(s.request)}</code></pre><pre><code>${esc(s.answer)}</code></pre>`;
  const body = rows.map(
    (pair) =>
      `<tr><td><code>${esc(pair.operationId)}</code></td><td>${side(pair.a)}</td><td>${side(pair.b)}</td><td>${pair.names.length === 0 ? 'same' : esc(pair.names.join('; '))}</td></tr>`,
  );
  return `<h2 id="accepted">Accepted requests and answers, per operation</h2><table><tr><th>operation</th><th>A</th><th>B</th><th>names</th></tr>${body.join('')}</table>`;
}

function rowHtml(row: ParityRow): string {
  const state = rowState(row);
  return `<tr><td>${row.check ? `<code>${esc(row.check.id)}</code>` : '-'}</td><td>${esc(cut(row.behaviour, 200))}</td><td>${esc(cut(row.a))}</td><td>${esc(cut(row.b))}</td><td><span class="pill ${stateClass[state]}">${state}</span></td></tr>`;
}

function differenceHtml(row: ParityRow): string {
  const repro = (label: string, text: string | undefined): string => (text ? `<div>Reproduce on ${label}:</div><pre><code>${esc(text)}</code></pre>` : '');
  const box = row.kind === 'operation' ? ' operation-box' : row.expectedOfSimulator ? ' expected-box' : '';
  const where =
    row.kind === 'operation'
      ? `<b>${esc(row.behaviour)}</b>`
      : `<b>${esc(row.area)}</b> · ${row.check ? `<code>${esc(row.check.id)}</code> [${esc(row.check.level)}]` : 'run'} · ${esc(cut(row.behaviour, 300))}`;
  return [
    `<section class="failure${box}">`,
    `<div>${where}</div>`,
    row.expectedOfSimulator ? `<div><span class="pill noted">${esc(row.expectedOfSimulator.category)}</span> ${esc(row.expectedOfSimulator.label)}</div>` : '',
    row.spec ? `<div class="why"><span class="verdict">Spec: ${esc(specVerdictText[row.spec.verdict])}.</span> ${esc(row.spec.why)}</div>` : '',
    `<table><tr><th>A</th><th>B</th></tr><tr><td>${esc(cut(row.a, 1200))}</td><td>${esc(cut(row.b, 1200))}</td></tr></table>`,
    row.details?.length ? `<pre>${esc(row.details.map((d) => cut(d, 800)).join('\n'))}</pre>` : '',
    repro('A', row.reproduction?.a),
    repro('B', row.reproduction?.b),
    '</section>',
  ].join('');
}
