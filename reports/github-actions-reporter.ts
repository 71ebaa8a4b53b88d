import type { CheckResult, RequirementRow, RunResult } from '../suites/engine/result.js';
import type { Reporter } from './reporter.js';

/**
 * GitHub Actions workflow commands on stdout: one `::error title=<REQ-ID>::…` line per failed requirement, with its
 * failing checks (`::warning` when the requirement's level does not fail the run under --fail-on).
 */
export const githubActionsReporter: Reporter = {
  name: 'github-actions',
  render(result: RunResult): string {
    const lines: string[] = [];
    if (result.setupError) lines.push(command('error', 'conformance not run', `${result.setupError.code}: ${result.setupError.message}`));
    const byId = new Map(result.checks.map((check) => [check.id, check]));
    for (const row of result.requirements) {
      if (row.status !== 'failed' && row.status !== 'errored') continue;
      const failing = row.checks.map((id) => byId.get(id)).filter((check): check is CheckResult => check !== undefined && (check.status === 'failed' || check.status === 'errored'));
      lines.push(command(blocks(row, result.failOn) ? 'error' : 'warning', row.id, message(row, failing)));
    }
    return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
  },
};

function blocks(row: RequirementRow, failOn: 'must' | 'should'): boolean {
  return row.level === 'must' || (row.level === 'should' && failOn === 'should');
}

function message(row: RequirementRow, failing: readonly CheckResult[]): string {
  const checks = failing.map((check) => `${check.id} ${check.status}${check.reason ? `: ${clip(check.reason, 300)}` : ''}`);
  return `${row.id} (${row.level}, spec §${row.section}) ${clip(row.text, 200)}\nfailing checks: ${checks.join('; ')}`;
}

// https://docs.github.com/actions/reference/workflow-commands-for-github-actions: data and property escaping
function command(kind: 'error' | 'warning', title: string, data: string): string {
  const escapeData = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
  return `::${kind} title=${escapeProperty(title)}::${escapeData(data)}`;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
