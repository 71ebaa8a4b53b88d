import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../suites/engine/index.js';
import { repoRoot } from './fleet-harness.js';

const exec = promisify(execFile);
const run = (command: string, args: readonly string[], cwd: string, timeout = 120_000) =>
  exec(command, [...args], { cwd, timeout, maxBuffer: 32 * 1024 * 1024, env: { ...process.env, npm_config_update_notifier: 'false' } });

const made: string[] = [];
const tempDir = async (prefix: string): Promise<string> => {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};
// the consumer folder holds a full install (hundreds of MB): never leave it behind
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

describe('the npm package', () => {
  it('packs, installs offline into an empty folder, and runs npx sms-conform --help, a default run and runConformance()', async (ctx) => {
    const work = await tempDir('fleet-pack-');
    const { stdout: packed } = await run('npm', ['pack', '--json', '--pack-destination', work], fileURLToPath(repoRoot));
    const [info] = JSON.parse(packed) as { filename: string; files: { path: string }[] }[];
    const files = info?.files.map((file) => file.path) ?? [];
    expect(files).toEqual(expect.arrayContaining(['bin/sms-conform.js', 'index.ts', 'cli/conform.ts', 'spec/generated/schemas.json', 'spec/openapi.yaml', 'spec/requirements.yaml']));
    expect(files.filter((path) => path.startsWith('test/'))).toEqual([]);

    const project = await tempDir('fleet-consumer-');
    try {
      await run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(work, info?.filename ?? '')], project, 240_000);
    } catch (error) {
      const why = `npm could not install the package offline from the local cache: ${String((error as { stderr?: string }).stderr ?? error).split('\n').find((line) => /ERR|ENOTCACHED/.test(line)) ?? 'see npm output'}`;
      if (process.env.CI) throw new Error(`the package install must work in CI (.ci/run ran npm ci, which fills the cache), but ${why}`);
      ctx.skip(why);
    }

    const help = await run('npx', ['--offline', 'sms-conform', '--help'], project);
    expect(help.stdout).toMatch(/^Usage: .*npx sms-conform/);
    expect(help.stdout).toContain('--shard <i>/<n>');

    // a default run against the embedded reference, from the installed package only (no checkout, no ../shared)
    const conform = await run('npx', ['--offline', 'sms-conform', '--seed', '5', '--out', 'report', '--reporter', 'json', '--reporter', 'console'], project, 180_000);
    expect(conform.stdout).toMatch(/CONFORMS \(fail-on should\)/);
    const result = JSON.parse(await readFile(join(project, 'report', 'results.json'), 'utf8')) as RunResult;
    expect([result.verdict, result.exitCode, result.target.name]).toEqual(['conforms', 0, 'reference']);
    expect(result.checks.length).toBeGreaterThan(100);

    // the typed programmatic entry, through the package's "exports"
    const script = "const m = await import('sms-conformance'); const r = await m.runConformance({ target: m.referenceTarget({ faults: ['accepts-1601-chars'] }), selection: { requirements: ['MSG-SEND-MESSAGE-MAX'] }, seed: 1, runs: 3 }); console.log(JSON.stringify([r.verdict, r.exitCode]));";
    const api = await run('node', ['--import', 'tsx', '--input-type=module', '-e', script], project);
    expect(JSON.parse(api.stdout.trim().split('\n').pop() ?? '')).toEqual(['does-not-conform', 1]);
  }, 600_000);
});
