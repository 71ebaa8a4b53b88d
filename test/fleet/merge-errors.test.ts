import { copyFile, mkdir, mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { conform } from './fleet-harness.js';

// a small selection (8 checks) keeps the slices quick; the slicing and merging are the same as for the default suites
const small = ['--target', 'reference', '--suite', 'scenarios/auth', '--runs', '5'];
let root: string;

async function shardInto(dir: string, shard: string, seed: number): Promise<void> {
  const run = await conform([...small, '--seed', String(seed), '--shard', shard, '--out', dir]);
  expect(run.code, run.stderr).toBe(0);
}

/** A directory holding copies of the named shard files of the seed-1 run. */
async function dirWith(name: string, files: readonly string[]): Promise<string> {
  const dir = join(root, name);
  await mkdir(dir, { recursive: true });
  for (const file of files) await copyFile(join(root, 'seed1', file), join(dir, file));
  return dir;
}

async function merge(dir: string, env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string; out: string }> {
  const out = join(dir, '..', `${dir.split('/').pop()}-report`);
  return { ...(await conform(['--merge', dir, '--out', out], env)), out };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fleet-merge-'));
  for (const shard of ['1/3', '2/3', '3/3']) await shardInto(join(root, 'seed1'), shard, 1);
  await shardInto(join(root, 'seed2'), '3/3', 2);
}, 120_000);

describe('merging shard results', () => {
  it('merges a complete set (exit code of the whole run) and appends the summary to GITHUB_STEP_SUMMARY', async () => {
    expect((await readdir(join(root, 'seed1'))).sort()).toEqual(['shard-1-of-3.json', 'shard-2-of-3.json', 'shard-3-of-3.json']);
    const summary = join(root, 'step-summary.md');
    await writeFile(summary, 'earlier step\n');
    const run = await merge(join(root, 'seed1'), { GITHUB_STEP_SUMMARY: summary });
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(await readFile(join(run.out, 'results.json'), 'utf8')) as { checks: { id: string }[] };
    expect(result.checks.map((check) => check.id)).toContain('AUTH-SCENARIO-MISSING-KEY-401');
    expect(new Set(result.checks.map((check) => check.id)).size).toBe(result.checks.length);
    for (const file of ['junit.xml', 'results.json', 'summary.md', 'report.html']) expect(existsSync(join(run.out, file))).toBe(true);
    const text = await readFile(summary, 'utf8');
    expect(text.startsWith('earlier step\n# Conformance: ✅')).toBe(true);
  });

  it('refuses a set with a missing slice (exit 2, no reports)', async () => {
    const run = await merge(await dirWith('missing', ['shard-1-of-3.json', 'shard-3-of-3.json']));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Missing shard result\(s\) 2 of 3/);
    expect(existsSync(join(run.out, 'results.json'))).toBe(false);
  });

  it('refuses a duplicate slice, also in a subdirectory (artifact downloads)', async () => {
    const dir = await dirWith('duplicate', ['shard-1-of-3.json', 'shard-2-of-3.json', 'shard-3-of-3.json']);
    await mkdir(join(dir, 'rerun'));
    await copyFile(join(dir, 'shard-2-of-3.json'), join(dir, 'rerun', 'shard-2-of-3.json'));
    const run = await merge(dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Shard 2 of 3 appears twice/);
  });

  it('refuses slices of different seeds', async () => {
    const dir = await dirWith('seeds', ['shard-1-of-3.json', 'shard-2-of-3.json']);
    await copyFile(join(root, 'seed2', 'shard-3-of-3.json'), join(dir, 'shard-3-of-3.json'));
    const run = await merge(dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/disagree on the seed/);
  });

  it('refuses an empty directory and a file that is not a shard result', async () => {
    expect((await merge(await dirWith('empty', []))).stderr).toMatch(/no shard-<i>-of-<n>\.json file/);
    const dir = await dirWith('broken', ['shard-1-of-3.json', 'shard-2-of-3.json']);
    await writeFile(join(dir, 'shard-3-of-3.json'), '{"not":"a shard"}');
    const run = await merge(dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/is not a shard result/);
  });

  it('rejects bad --shard usage with exit 2', async () => {
    const out = join(root, 'usage');
    for (const [args, message] of [
      [['--shard', '1/3'], /needs --seed/],
      [['--shard', '4/3', '--seed', '1'], /--shard must look like i\/n/],
      [['--shard', '1/99', '--seed', '1'], /the selection has only \d+ checks; use at most \d+ shards/],
      [['--shard', '1/3', '--seed', '1', '--merge', root], /drop --shard/],
    ] as const) {
      const run = await conform([...small, ...args, '--out', out]);
      expect([run.code, run.stderr]).toEqual([2, expect.stringMatching(message)]);
    }
  });
});
