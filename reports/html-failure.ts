import type { CheckResult, OperationRow, RunResult } from '../results/run-result.js';
import { baselineMarks } from './known-failures-view.js';
import { rerunBlock } from './rerun-view.js';
import type { RerunContext } from './rerun-view.js';
import { failureView, fullLimits } from './failure-view.js';
import { operationAnswer, operationCells, operationHeader, sameCauseText } from './fix-first.js';
import { escapeXml as esc } from './safe-text.js';

/** A link to a check's card or row. */
export function checkLink(id: string): string {
  return `<a href="#check-${esc(id)}"><code>${esc(id)}</code></a>`;
}

/** The operations table: state pills, and what the target answered when an operation does not work. */
export function operationsTable(rows: readonly OperationRow[]): string {
  const body = rows.map((row) => {
    const [operation, request, state] = operationCells(row) as [string, string, string];
    // a broken operation links to the check that showed it, a blocked one to the check it waited on
    const link = row.blockedBy ? `blocked by ${checkLink(row.blockedBy)}` : row.state !== 'works' && row.checkId ? checkLink(row.checkId) : '';
    const said = [esc(operationAnswer(row)), link].filter((part) => part !== '').join(' · ') || '<span class="muted">-</span>';
    return `<tr><td><code>${esc(operation)}</code></td><td><code>${esc(request)}</code></td><td><span class="pill ${row.state}">${esc(state)}</span></td><td>${said}</td></tr>`;
  });
  return `<table class="ops"><tr>${operationHeader.map((h) => `<th>${esc(h)}</th>`).join('')}</tr>${body.join('')}</table>`;
}

/** A failure card: status, id, what the target answered, reason, counterexample, reproduction, the checks it blocks. */
export function failureCard(
  check: CheckResult,
  run: RerunContext & Pick<RunResult, 'knownFailures'>,
  blocks: readonly string[] = [],
  same: readonly string[] = [],
): string {
  const view = failureView(check, fullLimits, run);
  const mark = baselineMarks(run).get(check.id);
  const reproduce = rerunBlock(view);
  const classes = `failure${check.status === 'errored' ? ' errored-box' : ''}${mark === 'known' ? ' known-box' : ''}${blocks.length > 0 ? ' root' : ''}`;
  return [
    `<section class="${classes}" id="check-${esc(check.id)}">`,
    `<div class="head"><span class="pill ${check.status}">${check.status}</span><b>${esc(check.id)}</b><span class="muted">[${check.level}] ${esc(check.suite)}</span>${mark ? `<span class="pill baseline-${mark}">${mark}</span>` : ''}`,
    blocks.length > 0 ? `<span class="blocks">blocks ${blocks.length} check${blocks.length === 1 ? '' : 's'}</span>` : '',
    '</div>',
    `<div class="answer">Target answered: ${view.answer === undefined ? '<span class="muted">not recorded in the result (see the reason and the reproduction)</span>' : `<code>${esc(view.answer)}</code>`}</div>`,
    `<div>${esc(check.title)} · requirements ${check.requirements.map((id) => `<a href="#req-${esc(id)}"><code>${esc(id)}</code></a>`).join(', ')}</div>`,
    view.reason ? `<pre>${esc(view.reason)}</pre>` : '',
    view.counterexample
      ? `<div>Counterexample (seed ${check.seed ?? run.seed}${check.path ? `, path ${esc(check.path)}` : ''}):</div><pre><code>${esc(view.counterexample)}</code></pre>`
      : '',
    reproduce ? `<div>Reproduce:</div><pre><code>${esc(reproduce)}</code></pre>` : '',
    same.length > 0 ? `<div>${sameCauseText(same, (ids) => ids.map(checkLink).join(' '))}</div>` : '',
    blocks.length > 0
      ? `<details><summary>${blocks.length} check${blocks.length === 1 ? '' : 's'} blocked behind it</summary><div class="ids">${blocks.map(checkLink).join('')}</div></details>`
      : '',
    '</section>',
  ].join('');
}
