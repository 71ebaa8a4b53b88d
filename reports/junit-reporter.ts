import type { CheckResult, RunResult } from '../results/run-result.js';
import { rerunLines } from './rerun-view.js';
import { failureView, fullLimits } from './failure-view.js';
import type { Reporter } from './reporter.js';
import { cutLine, escapeXml } from './safe-text.js';
import { notGradedNote, partialNote, seconds } from './text-format.js';

/**
 * JUnit XML: a testsuite per suite, a testcase per check, requirement ids as properties. blocked is a skipped test
 * case naming its blocker; noted passes, with the note in system-out (observe never fails: DESIGN.md §3).
 */
export const junitReporter: Reporter = {
  name: 'junit',
  file: 'junit.xml',
  render(result: RunResult): string {
    const suites = new Map<string, CheckResult[]>();
    for (const check of result.checks) suites.set(check.suite, [...(suites.get(check.suite) ?? []), check]);
    const count = (checks: readonly CheckResult[], ...statuses: string[]): number => checks.filter((check) => statuses.includes(check.status)).length;
    const note = notGradedNote(result);
    const extra = note === undefined ? 0 : 1;
    const lines = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<testsuites name="conformance ${escapeXml(result.target.name)}${result.interrupted ? ` (partial: stopped by ${escapeXml(result.interrupted.by)})` : ''}" tests="${result.summary.total + extra}" failures="${count(result.checks, 'failed')}" errors="${count(result.checks, 'errored')}" skipped="${count(result.checks, 'skipped', 'blocked') + extra}" time="${seconds(result.durationMs)}" timestamp="${escapeXml(result.startedAt)}">`,
    ];
    const partial = partialNote(result, 1000);
    if (partial) lines.push(`  <!-- ${escapeXml(partial).replace(/--/g, '- -')} -->`);
    if (note !== undefined) {
      // a passive session's ungraded traffic, as a skipped case: CI lists it next to the checks (issue 26)
      lines.push(
        '  <testsuite name="traffic" tests="1" failures="0" errors="0" skipped="1" time="0">',
        `    <testcase classname="traffic" name="NOT-GRADED: exchanges the session could not grade" time="0"><skipped message="${escapeXml(cutLine(note, 500))}"/></testcase>`,
        '  </testsuite>',
      );
    }
    for (const [suite, checks] of suites) {
      lines.push(
        `  <testsuite name="${escapeXml(suite)}" tests="${checks.length}" failures="${count(checks, 'failed')}" errors="${count(checks, 'errored')}" skipped="${count(checks, 'skipped', 'blocked')}" time="${seconds(checks.reduce((sum, c) => sum + c.durationMs, 0))}">`,
      );
      for (const check of checks) lines.push(...testcase(check, result));
      lines.push('  </testsuite>');
    }
    lines.push('</testsuites>', '');
    return lines.join('\n');
  },
};

function testcase(check: CheckResult, run: RunResult): string[] {
  const seed = run.seed;
  const out = [`    <testcase classname="${escapeXml(check.suite)}" name="${escapeXml(`${check.id}: ${check.title}`)}" time="${seconds(check.durationMs)}">`];
  out.push('      <properties>');
  out.push(`        <property name="level" value="${check.level}"/>`);
  out.push(`        <property name="status" value="${check.status}"/>`);
  for (const id of check.requirements) out.push(`        <property name="requirement" value="${escapeXml(id)}"/>`);
  if (check.blockedBy) out.push(`        <property name="blockedBy" value="${escapeXml(check.blockedBy)}"/>`);
  out.push(`        <property name="seed" value="${check.seed ?? seed}"/>`);
  out.push('      </properties>');
  const reason = check.reason ?? '';
  if (check.status === 'skipped') out.push(`      <skipped message="${escapeXml(cutLine(reason, 500))}"/>`);
  if (check.status === 'blocked')
    out.push(`      <skipped message="${escapeXml(cutLine(`blocked by ${check.blockedBy ?? 'an earlier failure'}: ${reason}`, 500))}"/>`);
  if (check.status === 'noted') out.push(`      <system-out>${escapeXml(`noted (observe, never failing): ${reason}`)}</system-out>`);
  if (check.status === 'failed' || check.status === 'errored') {
    const element = check.status === 'failed' ? 'failure' : 'error';
    const view = failureView(check, fullLimits, run);
    const body = [
      `target answered: ${view.answer ?? 'not recorded in the result'}`,
      view.reason,
      `requirements: ${check.requirements.join(', ')} (level ${check.level})`,
      view.counterexample ? `counterexample (seed ${check.seed ?? seed}): ${view.counterexample}` : undefined,
      ...rerunLines(view),
    ].filter((line) => line !== undefined);
    const message = `${view.answer ? `${view.answer}: ` : ''}${view.reason}`;
    out.push(`      <${element} message="${escapeXml(cutLine(message, 500))}" type="${check.level}">${escapeXml(body.join('\n'))}</${element}>`);
  }
  out.push('    </testcase>');
  return out;
}
