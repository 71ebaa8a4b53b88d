import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../results/run-result.js';
import { conform } from '../helpers/run-conform.js';

// --compare-run: two real runs of the embedded reference with different faults, the second compared with the first.
const suite = ['--suite', 'contract/messages', '--seed', '17'];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'compare-run-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('--compare-run <results.json>', () => {
  it('lists the new and fixed failures and the requirements newly proven and lost, in the console, summary.md and report.html', async () => {
    const out = join(dir, 'report');
    const first = await conform([...suite, '--fault', 'accepts-1601-chars', '--fault', 'accepts-limit-101', '--out', out]);
    expect(first.code).toBe(1);
    // the last run's results.json inside --out is read before the folder is replaced
    const second = await conform([
      ...suite,
      '--fault',
      'accepts-limit-101',
      '--fault',
      'e164-not-checked-on-send',
      '--out',
      out,
      '--compare-run',
      join(out, 'results.json'),
    ]);
    expect(second.code).toBe(1);
    const result = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as RunResult;
    const changes = result.changes;
    const named = (refs: readonly { check: string; requirement: string }[]): string[] => refs.map((ref) => `${ref.check} on ${ref.requirement}`);
    expect(named(changes?.newFailures ?? [])).toEqual(['CONTRACT-SENDMESSAGE-BODY-TO-FORMAT on MSG-SEND-TO-E164']);
    expect(named(changes?.fixed ?? [])).toEqual(['CONTRACT-SENDMESSAGE-BODY-MESSAGE-MAXLENGTH on MSG-SEND-MESSAGE-MAX']);
    expect(changes?.proven).toEqual([{ id: 'MSG-SEND-MESSAGE-MAX', before: 'failed', now: 'passed' }]);
    expect(changes?.lost).toEqual([{ id: 'MSG-SEND-TO-E164', before: 'passed', now: 'failed' }]);
    expect(second.stdout).toMatch(
      /\nSince .*results\.json \(reference, started .*, seed 17, does-not-conform\): 1 new failure\(s\), 1 fixed, 1 requirement\(s\) newly proven, 1 lost\n/,
    );
    expect(second.stdout).toContain('    CONTRACT-SENDMESSAGE-BODY-MESSAGE-MAXLENGTH on MSG-SEND-MESSAGE-MAX');
    const summary = await readFile(join(out, 'summary.md'), 'utf8');
    expect(summary).toContain('## Changes since the compared run');
    expect(summary).toContain('- CONTRACT-SENDMESSAGE-BODY-TO-FORMAT on MSG-SEND-TO-E164');
    expect(summary).toContain('- MSG-SEND-TO-E164: passed → failed');
    const html = await readFile(join(out, 'report.html'), 'utf8');
    expect(html).toContain('<h2 id="changes">Changes since the compared run</h2>');
    expect(html).toMatch(/<h3>Fixed \(1\): failed then, the check passes now<\/h3><ul><li><a href="#check-CONTRACT-SENDMESSAGE-BODY-MESSAGE-MAXLENGTH">/);
  }, 120_000);
});
