import type { Requirement } from '../spec/requirements.js';
import type { ReferenceFault } from '../targets/index.js';
import type { SelftestResult } from './run-selftest.js';
import type { FaultOutcome } from './fault-outcome.js';

/** How each must-level requirement is covered by faults (issue 6: one fault per must, or a recorded reason). */
export interface MustCoverage {
  readonly covered: readonly { id: string; faults: readonly string[] }[];
  readonly unbreakable: readonly { id: string; why: string }[];
  readonly uncovered: readonly string[];
}

/** Which must requirements the whole fault catalogue breaks, which are recorded as unbreakable, and which have neither. */
export function mustCoverage(catalogue: readonly ReferenceFault[], requirements: readonly Requirement[]): MustCoverage {
  const musts = requirements.filter((r) => r.level === 'must');
  const faultsOf = (id: string) => catalogue.filter((f) => f.requirement === id).map((f) => f.id);
  // a requirement no black-box check reaches cannot be shown broken either: its reason serves for both
  const why = (r: Requirement) => r.unbreakable ?? r.uncheckable;
  return {
    covered: musts.filter((r) => faultsOf(r.id).length > 0).map((r) => ({ id: r.id, faults: faultsOf(r.id) })),
    unbreakable: musts.filter((r) => faultsOf(r.id).length === 0 && why(r)).map((r) => ({ id: r.id, why: why(r) ?? '' })),
    uncovered: musts.filter((r) => faultsOf(r.id).length === 0 && !why(r)).map((r) => r.id),
  };
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The mutation score report as Markdown: score, clean run figures, one row per fault, must-level coverage. */
export function mutationMarkdown(result: SelftestResult, coverage: MustCoverage): string {
  const lines: string[] = [];
  const { score, clean } = result;
  lines.push(`# Self-test: mutation score ${score.caught}/${score.total} (${score.percent}%)`, '');
  lines.push(
    `Verdict: **${result.ok ? 'OK' : 'FAILED'}** · seed ${result.seed} · ${result.runs} property cases per operation · ${(result.durationMs / 1000).toFixed(1)} s`,
    '',
  );
  if (clean) {
    const s = clean.summary.byStatus;
    lines.push('## Clean reference', '');
    lines.push(
      `${clean.verdict}: ${clean.summary.total} checks (${s.passed} passed, ${s.failed} failed, ${s.errored} errored, ${s.skipped} skipped), ${clean.requestsSent} requests, ${(clean.durationMs / 1000).toFixed(1)} s, requirements covered ${clean.summary.requirements.covered}/${clean.summary.requirements.total} (${clean.summary.requirements.percent}%)`,
      '',
    );
    const bad = clean.checks.filter((c) => c.status === 'failed' || c.status === 'errored');
    for (const c of bad) lines.push(`- ${c.status} ${c.id} [${c.requirements.join(', ')}]: ${cell(c.reason ?? '')}`);
    if (bad.length > 0) lines.push('');
  }
  const attributed = (kind: FaultOutcome['attribution']) => result.faults.filter((o) => o.attribution === kind);
  lines.push(
    '## Faults',
    '',
    `Attribution of the catching failures: ${attributed('exact').length} named the fault's own requirement, ${attributed('elsewhere').length} named only other requirements (the fault breaks more than its entry says), ${attributed('unattributed').length} named none (status or free-text assertions).`,
    '',
    '| fault | area | requirement | caught | by | time |',
    '|---|---|---|---|---|---|',
  );
  const ordered = [...result.faults].sort((a, b) => Number(a.caught) - Number(b.caught) || a.fault.id.localeCompare(b.fault.id));
  for (const o of ordered) {
    const by = o.caught ? o.caughtBy.join(', ') : o.reason;
    lines.push(`| ${o.fault.id} | ${o.fault.area} | ${o.fault.requirement} | ${o.caught ? 'yes' : '**no**'} | ${cell(by)} | ${o.durationMs} ms |`);
  }
  lines.push(
    '',
    `## Must-level requirements: ${coverage.covered.length} broken by a fault, ${coverage.unbreakable.length} recorded as unbreakable, ${coverage.uncovered.length} with neither`,
    '',
  );
  if (coverage.uncovered.length > 0) lines.push(`Neither a fault nor a reason: ${coverage.uncovered.join(', ')}`, '');
  for (const u of coverage.unbreakable) lines.push(`- ${u.id}: ${cell(u.why)}`);
  return `${lines.join('\n')}\n`;
}

/** The mutation score report as JSON (no keys or secrets: results carry none). */
export function mutationJson(result: SelftestResult, coverage: MustCoverage): string {
  const { clean, ...rest } = result;
  const cleanSummary = clean
    ? { verdict: clean.verdict, exitCode: clean.exitCode, durationMs: clean.durationMs, requestsSent: clean.requestsSent, summary: clean.summary }
    : undefined;
  return `${JSON.stringify({ ...rest, clean: cleanSummary, mustCoverage: coverage }, null, 2)}\n`;
}
