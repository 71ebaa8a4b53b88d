import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { githubActionsReporter } from '../../reports/index.js';
import type { RunResult } from '../../suites/engine/index.js';
import { conform, resultsIn } from './fleet-harness.js';

let dir: string;
let run: { code: number; stdout: string; stderr: string };
let result: RunResult;
let summaryFile: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fleet-gha-'));
  summaryFile = join(dir, 'step-summary.md');
  await writeFile(summaryFile, 'earlier step\n');
  run = await conform(
    [
      '--requirement',
      'MSG-SEND-MESSAGE-MAX',
      '--fault',
      'accepts-1601-chars',
      '--seed',
      '9',
      '--runs',
      '5',
      '--out',
      dir,
      '--reporter',
      'json',
      '--reporter',
      'github-actions',
    ],
    { GITHUB_STEP_SUMMARY: summaryFile },
  );
  result = await resultsIn(dir);
}, 60_000);

describe('--reporter github-actions and $GITHUB_STEP_SUMMARY', () => {
  it('prints one ::error line per root failure (a check, never a blocked one), with what the target answered, and exits 1', () => {
    expect(run.code, run.stderr).toBe(1);
    const lines = run.stdout.split('\n').filter((line) => line.startsWith('::'));
    const failing = result.checks.filter((check) => check.status === 'failed' || check.status === 'errored').map((check) => check.id);
    expect(failing).toContain('CONTRACT-SENDMESSAGE-BODY-MESSAGE-MAXLENGTH');
    const titles = lines.map((line) => /^::(?:error|warning) title=([^:]+)::/.exec(line)?.[1]).filter((title) => title !== undefined);
    expect([...titles].sort()).toEqual([...failing].sort());
    expect(titles[0]).toBe(result.rootCauses[0]?.checkId);
    const line = lines.find((l) => l.startsWith('::error title=CONTRACT-SENDMESSAGE-BODY-MESSAGE-MAXLENGTH::')) as string;
    expect(line).toContain('MSG-SEND-MESSAGE-MAX');
    expect(line).toContain('target answered: HTTP ');
  });

  it('appends the Markdown summary to the file GITHUB_STEP_SUMMARY names', async () => {
    const text = await readFile(summaryFile, 'utf8');
    expect(text.startsWith('earlier step\n# Conformance: ❌')).toBe(true);
    expect(text).toContain('CONTRACT-SENDMESSAGE-BODY-MESSAGE-MAXLENGTH');
  });

  it('escapes workflow-command data, so a reason cannot end the line or inject a command', () => {
    const checks = result.checks.map((check) => (check.status === 'failed' ? { ...check, reason: '100% wrong\n::error::injected' } : check));
    const text = githubActionsReporter.render({ ...result, checks });
    expect(text).toContain('100%25 wrong%0A::error::injected');
    expect(text.split('\n').filter((l) => l.startsWith('::'))).toHaveLength(text.trim().split('\n').length);
  });

  it('prints nothing for a run that conforms, and a warning for a check below --fail-on', () => {
    expect(githubActionsReporter.render({ ...result, checks: [], rootCauses: [] })).toBe('');
    const lenient = githubActionsReporter.render({
      ...result,
      failOn: 'must',
      checks: result.checks.map((check) => (check.status === 'failed' ? { ...check, level: 'should' as const } : check)),
    });
    expect(lenient).toMatch(/^::warning title=CONTRACT-SENDMESSAGE-BODY-MESSAGE-MAXLENGTH::/m);
  });
});
