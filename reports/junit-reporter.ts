import type { CheckResult, RunResult } from '../suites/engine/result.js';
import type { Reporter } from './reporter.js';
import { counterexampleText, escapeXml, seconds } from './text-format.js';

/** JUnit XML: a testsuite per suite, a testcase per check, requirement ids as properties. */
export const junitReporter: Reporter = {
  name: 'junit',
  file: 'junit.xml',
  render(result: RunResult): string {
    const suites = new Map<string, CheckResult[]>();
    for (const check of result.checks) suites.set(check.suite, [...(suites.get(check.suite) ?? []), check]);
    const { byStatus } = result.summary;
    const lines = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<testsuites name="conformance ${escapeXml(result.target.name)}" tests="${result.summary.total}" failures="${byStatus.failed}" errors="${byStatus.errored}" skipped="${byStatus.skipped + byStatus.blocked}" time="${seconds(result.durationMs)}" timestamp="${escapeXml(result.startedAt)}">`,
    ];
    for (const [suite, checks] of suites) {
      const count = (status: string): number => checks.filter((check) => check.status === status).length;
      lines.push(
        `  <testsuite name="${escapeXml(suite)}" tests="${checks.length}" failures="${count('failed')}" errors="${count('errored')}" skipped="${count('skipped') + count('blocked')}" time="${seconds(checks.reduce((sum, c) => sum + c.durationMs, 0))}">`,
      );
      for (const check of checks) lines.push(...testcase(check, result.seed));
      lines.push('  </testsuite>');
    }
    lines.push('</testsuites>', '');
    return lines.join('\n');
  },
};

function testcase(check: CheckResult, seed: number): string[] {
  const out = [`    <testcase classname="${escapeXml(check.suite)}" name="${escapeXml(`${check.id}: ${check.title}`)}" time="${seconds(check.durationMs)}">`];
  out.push('      <properties>');
  out.push(`        <property name="level" value="${check.level}"/>`);
  for (const id of check.requirements) out.push(`        <property name="requirement" value="${escapeXml(id)}"/>`);
  out.push(`        <property name="seed" value="${check.seed ?? seed}"/>`);
  out.push('      </properties>');
  const reason = escapeXml(check.reason ?? '');
  // JUnit knows no blocked: it did not run its assertions, so it is shown skipped with the check it waited on
  if (check.status === 'skipped' || check.status === 'blocked') out.push(`      <skipped message="${reason}"/>`);
  if (check.status === 'failed' || check.status === 'errored') {
    const element = check.status === 'failed' ? 'failure' : 'error';
    const body = [
      check.reason,
      `requirements: ${check.requirements.join(', ')} (level ${check.level})`,
      counterexampleText(check) ? `counterexample: ${counterexampleText(check)}` : undefined,
      check.reproduction ? `reproduce: ${check.reproduction}` : undefined,
    ].filter((line) => line !== undefined);
    out.push(`      <${element} message="${reason}" type="${check.level}">${escapeXml(body.join('\n'))}</${element}>`);
  }
  out.push('    </testcase>');
  return out;
}
