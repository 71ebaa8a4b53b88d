import type { CheckResult } from '../results/run-result.js';

/**
 * What a failed or errored check says, as the CLI prints it (progress line and console report): the reason, the seed
 * that replays it (with the fast-check path of a shrunk counterexample) and the curl reproduction.
 */
export function failureText(check: CheckResult, runSeed: number): string {
  const seed = check.seed ?? runSeed;
  const lines = [`${check.status === 'errored' ? 'ERROR' : 'FAIL'} ${check.id} [${check.level}] ${check.requirements.join(',')}: ${check.reason ?? ''}`];
  lines.push(`  seed: ${seed}${check.path ? ` (path ${check.path})` : ''}; replay: sms-conform --seed ${seed} --check ${check.id}`);
  if (check.counterexample !== undefined) lines.push(`  counterexample: ${JSON.stringify(check.counterexample)}`);
  if (check.reproduction) lines.push(`  reproduce: ${check.reproduction}`);
  return lines.join('\n');
}
