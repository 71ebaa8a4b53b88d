import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../suites/engine/index.js';
import { repoRoot } from './fleet-harness.js';
import { linkInstall } from './link-install.js';

const exec = promisify(execFile);
const tscBin = fileURLToPath(new URL('node_modules/typescript/bin/tsc', repoRoot));
const consumerTsconfig = {
  compilerOptions: {
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    target: 'ES2022',
    strict: true,
    noEmit: true,
    types: ['node'],
    typeRoots: [fileURLToPath(new URL('node_modules/@types', repoRoot))],
  },
  files: ['use.mts'],
};
const consumerSource = `import { runConformance, referenceTarget, writeReports } from 'sms-conformance';
import type { RunResult } from 'sms-conformance';
const result: RunResult = await runConformance({ target: referenceTarget(), selection: { suites: ['contract/user'] }, seed: 1 });
const verdict: 'conforms' | 'does-not-conform' | 'inconclusive' | 'not-run' | 'interrupted' = result.verdict;
await writeReports(result, { outDir: 'out', reporters: ['json'] });
// @ts-expect-error a target is not a number (an unused directive fails the check: the declarations must be real types)
await runConformance({ target: 42 });
export { verdict };
`;
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
  it('packs compiled JavaScript, installs offline into an empty folder: plain-node import, tsc, npx sms-conform --help, a default run and runConformance()', async () => {
    const work = await tempDir('fleet-pack-');
    const { stdout: packed } = await run('npm', ['pack', '--json', '--pack-destination', work], fileURLToPath(repoRoot));
    const [info] = JSON.parse(packed) as { filename: string; files: { path: string }[] }[];
    const files = info?.files.map((file) => file.path) ?? [];
    expect(files).toEqual(
      expect.arrayContaining([
        'bin/sms-conform.js',
        'dist/index.js',
        'dist/index.d.ts',
        'dist/vitest.js',
        'dist/vitest.d.ts',
        'dist/cli/conform/conform.js',
        'dist/spec/generated/schemas.json',
        'dist/spec/requirements.yaml',
        'dist/simulator/ui/assets/app.js',
      ]),
    );
    // compiled JavaScript and declarations only: no TypeScript sources (but the examples), no tests
    expect(files.filter((path) => path.startsWith('test/') || (path.endsWith('.ts') && !path.endsWith('.d.ts') && !path.startsWith('examples/')))).toEqual([]);

    const project = await tempDir('fleet-consumer-');
    const tarball = join(work, info?.filename ?? '');
    try {
      await run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], project, 240_000);
    } catch (error) {
      const why = `npm could not install the package offline from the local cache: ${
        String((error as { stderr?: string }).stderr ?? error)
          .split('\n')
          .find((line) => /ERR|ENOTCACHED/.test(line)) ?? 'see npm output'
      }`;
      if (process.env.CI) throw new Error(`the package install must work in CI (.ci/run ran npm ci, which fills the cache), but ${why}`);
      // no npm cache on this machine: the tarball's files as npm lays them out, its production dependencies linked
      await linkInstall(tarball, project);
    }

    // plain Node 20, no tsx: the package's "exports" point at the compiled entry
    const names = await run(
      'node',
      [
        '--input-type=module',
        '-e',
        "const m = await import('sms-conformance'); console.log(JSON.stringify(Object.keys(m).filter((k) => typeof m[k] === 'function')))",
      ],
      project,
    );
    expect(JSON.parse(names.stdout)).toEqual(expect.arrayContaining(['runConformance', 'referenceTarget', 'urlTarget', 'writeReports', 'runCli']));
    // tsx is a development dependency only: an install does not bring it
    expect(existsSync(join(project, 'node_modules', 'tsx'))).toBe(false);

    // a TypeScript project type-checks against the shipped declarations (a wrong call must be an error: the types are real)
    await writeFile(join(project, 'tsconfig.json'), JSON.stringify(consumerTsconfig));
    await writeFile(join(project, 'use.mts'), consumerSource);
    await run('node', [tscBin, '-p', 'tsconfig.json'], project);

    const help = await run('npx', ['--offline', 'sms-conform', '--help'], project);
    expect(help.stdout).toMatch(/^Usage: .*npx sms-conform/);
    expect(help.stdout).toContain('--shard <i>/<n>');

    // a default run against the embedded reference, from the installed package only (no checkout, no ../shared)
    const conform = await run(
      'npx',
      ['--offline', 'sms-conform', '--seed', '5', '--out', 'report', '--reporter', 'json', '--reporter', 'console'],
      project,
      180_000,
    );
    expect(conform.stdout).toMatch(/CONFORMS \(fail-on should\)/);
    const result = JSON.parse(await readFile(join(project, 'report', 'results.json'), 'utf8')) as RunResult;
    expect([result.verdict, result.exitCode, result.target.name]).toEqual(['conforms', 0, 'reference']);
    expect(result.checks.length).toBeGreaterThan(100);

    // the typed programmatic entry, through the package's "exports"
    const script =
      "const m = await import('sms-conformance'); const r = await m.runConformance({ target: m.referenceTarget({ faults: ['accepts-1601-chars'] }), selection: { requirements: ['MSG-SEND-MESSAGE-MAX'] }, seed: 1, runs: 3 }); console.log(JSON.stringify([r.verdict, r.exitCode]));";
    const api = await run('node', ['--input-type=module', '-e', script], project);
    expect(JSON.parse(api.stdout.trim().split('\n').pop() ?? '')).toEqual(['does-not-conform', 1]);
  }, 600_000);
});
