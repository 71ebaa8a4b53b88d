// Issue 25: reporters compose one way. A named reporter is written besides the default ones (junit, json, markdown,
// html, console), whichever it is; --only-reporters writes only the named ones; the verdict line is printed either way.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conform } from '../helpers/run-conform.js';

const selection = ['--suite', 'scenarios/auth', '--seed', '3'];
const defaults = ['junit.xml', 'report.html', 'results.json', 'summary.md'];
const verdict = /^CONFORMS \(fail-on should\): \d+ passed/m;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reporters-compose-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const files = async (out: string): Promise<string[]> => (await readdir(out)).filter((name) => !name.startsWith('.')).sort();

describe('--reporter adds to the default reports', () => {
  it('har and ctrf named: the four default files, the two named, the console report with its verdict', async () => {
    const out = join(dir, 'added');
    const run = await conform([...selection, '--out', out, '--reporter', 'har', '--reporter', 'ctrf']);
    expect(run.code, run.stderr).toBe(0);
    expect(await files(out)).toEqual([...defaults, 'ctrf.json', 'exchanges.har'].sort());
    expect(run.stdout).toMatch(verdict);
    expect(run.stdout).toContain('level    passed');
  }, 60_000);

  it('a default one named (json) changes nothing: still the four files and the console report', async () => {
    const out = join(dir, 'json');
    const run = await conform([...selection, '--out', out, '--reporter', 'json']);
    expect(run.code, run.stderr).toBe(0);
    expect(await files(out)).toEqual(defaults);
    expect(run.stdout).toMatch(verdict);
  }, 60_000);

  it('--only-reporters writes only the named ones, and still prints the verdict line', async () => {
    const out = join(dir, 'only');
    const run = await conform([...selection, '--out', out, '--only-reporters', '--reporter', 'ctrf']);
    expect(run.code, run.stderr).toBe(0);
    expect(await files(out)).toEqual(['ctrf.json']);
    expect(run.stdout.split('\n')[0]).toMatch(verdict);
    expect(run.stdout).not.toContain('level    passed');
    expect(run.stdout).toContain(`report: ${join(out, 'ctrf.json')}`);
  }, 60_000);
});
