import { failureView, fullLimits } from '../../reports/failure-view.js';
import { rerunLines } from '../../reports/rerun-view.js';
import type { RerunContext } from '../../reports/rerun-view.js';
import type { CheckResult } from '../../results/run-result.js';

/**
 * What a failed or errored check says in a vitest failure (cli/conform/vitest-suite.ts): the reason, the seed (with the
 * fast-check path of a shrunk counterexample), the counterexample, and the lines that reproduce it as the console and
 * every report print them (the conform command for this check, the curl).
 */
export function failureText(check: CheckResult, run: RerunContext): string {
  const seed = check.seed ?? run.seed;
  const lines = [`${check.status === 'errored' ? 'ERROR' : 'FAIL'} ${check.id} [${check.level}] ${check.requirements.join(',')}: ${check.reason ?? ''}`];
  lines.push(`  seed: ${seed}${check.path ? ` (path ${check.path})` : ''}`);
  if (check.counterexample !== undefined) lines.push(`  counterexample: ${JSON.stringify(check.counterexample)}`);
  for (const line of rerunLines(failureView(check, fullLimits, run))) lines.push(`  ${line}`);
  return lines.join('\n');
}
