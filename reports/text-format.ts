import type { CheckResult, CheckStatus, MatrixStatus, RunResult } from '../suites/engine/result.js';

// XML 1.0 allows tab, LF, CR and the ranges below; anything else (other control characters, lone surrogates) is replaced
const xmlForbidden = new RegExp('[^\\t\\n\\r\\u0020-\\uD7FF\\uE000-\\uFFFD\\u{10000}-\\u{10FFFF}]', 'gu');

/** Escapes text for XML/HTML content and attributes, dropping characters XML 1.0 forbids. */
export function escapeXml(text: string): string {
  return text
    .replace(xmlForbidden, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The checks that failed or errored, must first. */
export function problems(result: RunResult): CheckResult[] {
  const rank = { must: 0, should: 1, observe: 2 };
  return result.checks
    .filter((check) => check.status === 'failed' || check.status === 'errored')
    .sort((a, b) => rank[a.level] - rank[b.level] || a.id.localeCompare(b.id));
}

/** One-line verdict. */
export function verdictLine(result: RunResult): string {
  const { byStatus } = result.summary;
  const counts = `${byStatus.passed} passed, ${byStatus.failed} failed, ${byStatus.errored} errored, ${byStatus.blocked} blocked, ${byStatus.noted} noted, ${byStatus.skipped} skipped`;
  if (result.verdict === 'not-run') return `NOT RUN: ${result.setupError?.message ?? 'set-up problem'}`;
  const verdict = result.verdict === 'conforms' ? 'CONFORMS' : 'DOES NOT CONFORM';
  return `${verdict} (fail-on ${result.failOn}): ${counts}`;
}

/** The counterexample as compact JSON text. */
export function counterexampleText(check: CheckResult): string | undefined {
  if (check.counterexample === undefined) return undefined;
  const text = typeof check.counterexample === 'string' ? check.counterexample : JSON.stringify(check.counterexample);
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
}

/** Status symbols for text reports. */
export const statusMark: Readonly<Record<MatrixStatus | CheckStatus, string>> = {
  passed: 'PASS',
  failed: 'FAIL',
  errored: 'ERROR',
  blocked: 'BLOCKED',
  noted: 'NOTED',
  skipped: 'SKIP',
  unproven: 'UNPROVEN',
  'not-covered': '-',
};

/** Seconds with three decimals. */
export function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}
