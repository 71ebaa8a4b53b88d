import type { BaselineItem, FailureRef, RequirementChange, RunResult } from '../results/run-result.js';
import { baselineLine, baselineLists } from './known-failures-view.js';
import { checkLink } from './html-failure.js';
import { changeLists, changesCounts, changesHeading } from './run-changes-view.js';
import { cut, escapeXml as esc } from './safe-text.js';

/** The class of the report's header: the verdict's, or with a baseline whether the run passed its gate (exit 0) or not. */
export function headerClass(result: RunResult): string {
  const outcome = result.knownFailures;
  if (outcome === undefined || result.verdict === 'not-run' || result.verdict === 'interrupted' || result.verdict === 'inconclusive') return result.verdict;
  if (!outcome.passes) return 'does-not-conform';
  return result.verdict === 'conforms' ? 'conforms' : 'known-failures';
}

const requirementLink = (id: string): string => `<a href="#req-${esc(id)}"><code>${esc(id)}</code></a>`;

function itemHtml(kind: string, item: BaselineItem): string {
  const level = item.level === undefined ? '' : ` <span class="muted">[${item.level}]</span>`;
  const until = item.until === undefined ? '' : ` <span class="muted">until ${esc(item.until)}</span>`;
  const why = item.note ?? item.reason;
  const below = item.gates || item.note !== undefined ? '' : ' <span class="muted">(below --fail-on: reported only)</span>';
  return `<li><span class="pill baseline-${kind}">${kind}</span> ${checkLink(item.check)} on ${requirementLink(item.requirement)}${level}${until}${why ? `: ${esc(cut(why, 400))}` : ''}${below}</li>`;
}

/** The baseline section: its verdict line, then each list (new, fixed, expired, known, not judged) linked to the checks and requirements. */
export function baselineHtml(result: RunResult): string {
  const outcome = result.knownFailures;
  if (outcome === undefined) return '';
  const lists = baselineLists(outcome).map(({ kind, title, items }) => {
    if (items.length === 0) return '';
    const list = `<ul>${items.map((item) => itemHtml(kind, item)).join('')}</ul>`;
    // the known and not-judged entries can be many: collapsed, the known ones open while they are few
    const folded = kind === 'known' || kind === 'not-judged';
    const open = kind === 'known' && items.length <= 20 ? ' open' : '';
    const count = `${items.length} ${items.length === 1 ? 'entry' : 'entries'}`;
    return `<h3>${esc(title)}</h3>${folded ? `<details${open}><summary>${count}</summary>${list}</details>` : list}`;
  });
  const behind =
    outcome.blockedBehindKnown.length === 0
      ? ''
      : `<details><summary>${outcome.blockedBehindKnown.length} checks blocked behind known failures (their root cause's entry covers them)</summary><div class="ids">${outcome.blockedBehindKnown.map(checkLink).join('')}</div></details>`;
  return `<h2 id="baseline">Known-failures baseline</h2><p class="gate ${outcome.passes ? 'passes' : 'fails'}"><b>${esc(baselineLine(result) ?? '')}</b></p>${lists.join('')}${behind}`;
}

/** The --compare-run section: which run, then new failures, fixed, requirements lost and newly proven. */
export function changesHtml(result: RunResult): string {
  const changes = result.changes;
  if (changes === undefined) return '';
  const pair = (ref: FailureRef): string => `${checkLink(ref.check)} on ${requirementLink(ref.requirement)}`;
  const requirement = (change: RequirementChange): string =>
    `${requirementLink(change.id)}: <span class="pill ${esc(change.before)}">${esc(change.before)}</span> → <span class="pill ${esc(change.now)}">${esc(change.now)}</span>`;
  const entries: Record<string, readonly string[]> = {
    new: changes.newFailures.map(pair),
    fixed: changes.fixed.map(pair),
    lost: changes.lost.map(requirement),
    proven: changes.proven.map(requirement),
    'not-judged': changes.notJudged.map(pair),
  };
  const lists = changeLists(changes).map(({ kind, title }) => {
    const items = entries[kind] ?? [];
    return items.length === 0 ? '' : `<h3>${esc(title)}</h3><ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;
  });
  return `<h2 id="changes">Changes since the compared run</h2><p><b>${esc(changesHeading(changes))}: ${esc(changesCounts(changes))}</b></p>${lists.join('') || '<p class="muted">Nothing changed.</p>'}`;
}
