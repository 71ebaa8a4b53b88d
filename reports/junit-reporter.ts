import type { CheckResult, RunResult } from '../results/run-result.js';
import { rerunLines } from './rerun-view.js';
import { failureView, fullLimits } from './failure-view.js';
import { gateLines } from './gate-sections.js';
import { baselineMarks, baselineMarkText } from './known-failures-view.js';
import type { BaselineMark } from './known-failures-view.js';
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
    const marks = baselineMarks(result);
    // a known failure is a skipped case (as pytest writes an expected failure); a fixed one still listed fails
    const count = (checks: readonly CheckResult[], ...kinds: string[]): number =>
      checks.filter((check) => kinds.includes(caseKind(check, marks.get(check.id)))).length;
    const note = notGradedNote(result);
    const extra = note === undefined ? 0 : 1;
    const lines = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<testsuites name="conformance ${escapeXml(result.target.name)}${result.interrupted ? ` (partial: stopped by ${escapeXml(result.interrupted.by)})` : ''}" tests="${result.summary.total + extra}" failures="${count(result.checks, 'failure')}" errors="${count(result.checks, 'error')}" skipped="${count(result.checks, 'skipped') + extra}" time="${seconds(result.durationMs)}" timestamp="${escapeXml(result.startedAt)}">`,
    ];
    const partial = partialNote(result, 1000);
    for (const note of [partial, ...gateLines(result)]) if (note) lines.push(`  <!-- ${escapeXml(note).replace(/--/g, '- -')} -->`);
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
        `  <testsuite name="${escapeXml(suite)}" tests="${checks.length}" failures="${count(checks, 'failure')}" errors="${count(checks, 'error')}" skipped="${count(checks, 'skipped')}" time="${seconds(checks.reduce((sum, c) => sum + c.durationMs, 0))}">`,
      );
      for (const check of checks) lines.push(...testcase(check, result, marks.get(check.id)));
      lines.push('  </testsuite>');
    }
    lines.push('</testsuites>', '');
    return lines.join('\n');
  },
};

/** What a check is in JUnit's terms, with the baseline's mark. */
function caseKind(check: CheckResult, mark: BaselineMark | undefined): 'failure' | 'error' | 'skipped' | 'passed' {
  if (check.status === 'errored') return 'error';
  if (check.status === 'failed') return mark === 'known' ? 'skipped' : 'failure';
  if (check.status === 'skipped' || check.status === 'blocked') return 'skipped';
  return mark === 'fixed' ? 'failure' : 'passed';
}

function testcase(check: CheckResult, run: RunResult, mark?: BaselineMark): string[] {
  const seed = run.seed;
  const out = [`    <testcase classname="${escapeXml(check.suite)}" name="${escapeXml(`${check.id}: ${check.title}`)}" time="${seconds(check.durationMs)}">`];
  out.push('      <properties>');
  out.push(`        <property name="level" value="${check.level}"/>`);
  out.push(`        <property name="status" value="${check.status}"/>`);
  for (const id of check.requirements) out.push(`        <property name="requirement" value="${escapeXml(id)}"/>`);
  if (check.blockedBy) out.push(`        <property name="blockedBy" value="${escapeXml(check.blockedBy)}"/>`);
  if (mark) out.push(`        <property name="baseline" value="${mark}"/>`);
  out.push(`        <property name="seed" value="${check.seed ?? seed}"/>`);
  out.push('      </properties>');
  const reason = check.reason ?? '';
  if (check.status === 'skipped') out.push(`      <skipped message="${escapeXml(cutLine(reason, 500))}"/>`);
  if (check.status === 'blocked')
    out.push(`      <skipped message="${escapeXml(cutLine(`blocked by ${check.blockedBy ?? 'an earlier failure'}: ${reason}`, 500))}"/>`);
  if (check.status === 'noted') out.push(`      <system-out>${escapeXml(`noted (observe, never failing): ${reason}`)}</system-out>`);
  const note = baselineMarkText(mark, run);
  if (mark === 'fixed') out.push(`      <failure message="${escapeXml(cutLine(note, 500))}" type="stale-baseline"/>`);
  if (check.status === 'failed' || check.status === 'errored') {
    const element = check.status === 'errored' ? 'error' : mark === 'known' ? 'skipped' : 'failure';
    const label = note === '' ? '' : `${note}: `;
    const view = failureView(check, fullLimits, run);
    const body = [
      `target answered: ${view.answer ?? 'not recorded in the result'}`,
      view.reason,
      `requirements: ${check.requirements.join(', ')} (level ${check.level})`,
      view.counterexample ? `counterexample (seed ${check.seed ?? seed}): ${view.counterexample}` : undefined,
      ...rerunLines(view),
    ].filter((line) => line !== undefined);
    const message = `${label}${view.answer ? `${view.answer}: ` : ''}${view.reason}`;
    // a skipped case has no body in the schema: the failure's detail goes to system-out
    if (element === 'skipped')
      out.push(
        `      <skipped message="${escapeXml(cutLine(message, 500))}" type="known-failure"/>`,
        `      <system-out>${escapeXml(body.join('\n'))}</system-out>`,
      );
    else out.push(`      <${element} message="${escapeXml(cutLine(message, 500))}" type="${check.level}">${escapeXml(body.join('\n'))}</${element}>`);
  }
  out.push('    </testcase>');
  return out;
}
