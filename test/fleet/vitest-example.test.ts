import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../../suites/engine/index.js';
import { conform } from '../helpers/run-conform.js';
import { repoRoot } from './fleet-harness.js';

const exec = promisify(execFile);
const root = fileURLToPath(repoRoot);
const vitestBin = join(root, 'node_modules/vitest/vitest.mjs');

interface VitestJson {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: { assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

let project = '';
beforeAll(async () => {
  // the example imports the compiled package (exports -> dist/), as an installed copy would
  await exec(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/build.ts')], { cwd: root, timeout: 180_000 });
  project = await mkdtemp(join(tmpdir(), 'vitest-example-'));
  // what the example's own `npm install` left there (docs/library.md) is not the example: the links below replace it
  const installed = new Set(['node_modules', 'package-lock.json'].map((name) => join(root, 'examples/vitest', name)));
  await cp(join(root, 'examples/vitest'), project, { recursive: true, filter: (source) => !installed.has(source) });
  await mkdir(join(project, 'node_modules'));
  // what `npm install` of the example's "file:../.." and vitest dependencies makes
  await symlink(root, join(project, 'node_modules/sms-conformance'), 'dir');
  await mkdir(join(project, 'node_modules/.bin'));
  await symlink(join(root, 'bin/sms-conform.js'), join(project, 'node_modules/.bin/sms-conform'));
  await symlink(join(root, 'node_modules/vitest'), join(project, 'node_modules/vitest'), 'dir');
}, 240_000);
afterAll(async () => {
  if (project) await rm(project, { recursive: true, force: true });
});

/** Runs the example's vitest with a JSON report; CONFORM_ARGS replaces the example's flags when given. */
async function runExample(conformArgs?: string): Promise<{ code: number; report: VitestJson }> {
  const out = join(project, `report-${Date.now()}.json`);
  const env = { ...process.env, ...(conformArgs ? { CONFORM_ARGS: conformArgs } : {}) };
  const code = await exec(process.execPath, [vitestBin, 'run', '--reporter=json', `--outputFile.json=${out}`], { cwd: project, env, timeout: 180_000 }).then(
    () => 0,
    (error: { code?: number }) => error.code ?? -1,
  );
  return { code, report: JSON.parse(await readFile(out, 'utf8')) as VitestJson };
}

const tests = (report: VitestJson) => report.testResults.flatMap((file) => file.assertionResults);
// the reference makes fresh ids and listens on a fresh port each run
const stable = (text: string): string =>
  text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>').replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>');

describe('the vitest example (examples/vitest)', () => {
  it('registers a test per planned check: passed, and the reference-only skips skipped', async () => {
    const planned = await conform(['--suite', 'contract/user', '--suite', 'scenarios/auth', '--suite', 'scenarios/templates', '--seed', '7', '--list']);
    const lines = planned.stdout.trim().split('\n').slice(1);
    const skips = lines.filter((line) => line.includes('skip: '));
    const { code, report } = await runExample();
    expect(code).toBe(0);
    expect(report.numTotalTests).toBe(lines.length);
    expect(report.numPendingTests).toBe(skips.length);
    expect(skips.length).toBeGreaterThan(0);
    expect(report.numPassedTests).toBe(lines.length - skips.length);
    const names = tests(report).map((test) => test.fullName);
    // a describe per suite, a test per check named with its id and requirement ids
    expect(names).toContain('conformance scenarios/templates TPL-SCENARIO-RENDERED [TPL-RENDERED]');
    const skipped = tests(report)
      .filter((test) => test.status !== 'passed')
      .map((test) => test.fullName.split(' ')[2]);
    expect(skipped.sort()).toEqual(skips.map((line) => line.split(' ')[0]).sort());
  }, 300_000);

  it('fails against a fault with the same text as the CLI: reason, seed and the command that runs it again', async () => {
    const flags = ['--requirement', 'MSG-SEND-MESSAGE-MAX', '--fault', 'accepts-1601-chars', '--seed', '7', '--runs', '3'];
    const out = await mkdtemp(join(tmpdir(), 'vitest-example-cli-'));
    try {
      const cli = await conform([...flags, '--out', out, '--reporter', 'json']);
      expect(cli.code).toBe(1);
      const failed = (JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as RunResult).checks.filter((check) => check.status === 'failed');
      expect(failed.map((check) => check.id)).toEqual(['CONTRACT-SENDMESSAGE-BODY-MESSAGE-MAXLENGTH']);
      const { code, report } = await runExample(flags.join(' '));
      expect(code).toBe(1);
      expect([report.numFailedTests, report.numPassedTests]).toEqual([1, report.numTotalTests - 1]);
      const failure = tests(report).find((test) => test.status === 'failed');
      expect(failure?.fullName).toMatch(/^conformance contract\/messages CONTRACT-SENDMESSAGE-BODY-MESSAGE-MAXLENGTH \[MSG-SEND-MESSAGE-MAX\]$/);
      const message = stable(failure?.failureMessages.join('\n') ?? '');
      const check = failed[0] as NonNullable<(typeof failed)[0]>;
      expect(message).toContain(stable(`FAIL ${check.id} [must] MSG-SEND-MESSAGE-MAX: ${check.reason}`));
      expect(message).toContain(`seed: 7`);
      // the line that runs it again, as the console and the reports print it; pasted into a shell in the project (with
      // --out a folder of its own) it fails the same check the same way (issue 25)
      const rerun = /^ {2}rerun: (.*)$/m.exec(message)?.[1] ?? '';
      expect(rerun).toBe(`npx sms-conform --fault accepts-1601-chars --check ${check.id} --seed 7 --runs 3`);
      expect(message).toContain('reproduce: the curl reached the run’s own reference, gone with the run: run the command above');
      const again = join(out, 'again');
      const pasted = await exec('sh', ['-c', `${rerun} --out ${again}`], {
        cwd: project,
        env: { ...process.env, npm_config_update_notifier: 'false' },
        timeout: 180_000,
      }).then(
        () => 0,
        (error: { code?: number }) => error.code ?? -1,
      );
      expect(pasted).toBe(1);
      const rerunChecks = (JSON.parse(await readFile(join(again, 'results.json'), 'utf8')) as RunResult).checks;
      expect(rerunChecks.find((c) => c.id === check.id)).toMatchObject({
        status: 'failed',
        violated: check.violated,
        answer: { status: check.answer?.status },
      });
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 300_000);

  it("docs/library.md's programmatic app.mjs, run as printed in an installed project, writes a HAR with the run's exchanges", async () => {
    const readme = await readFile(join(root, 'docs/library.md'), 'utf8');
    const block = /```ts\n(\/\/ plain Node 20[^\n]*node app\.mjs\n[\s\S]*?)```/.exec(readme)?.[1];
    expect(block, 'the docs/library.md block that starts "// plain Node 20 ... node app.mjs"').toBeDefined();
    await writeFile(join(project, 'app.mjs'), block as string);
    await exec(process.execPath, ['app.mjs'], { cwd: project, timeout: 240_000 }).catch((error: { code?: number }) => expect(error.code).toBe(1));
    const report = join(project, 'conformance-report');
    const har = JSON.parse(await readFile(join(report, 'exchanges.har'), 'utf8')) as { log: { entries: unknown[] } };
    const result = JSON.parse(await readFile(join(report, 'results.json'), 'utf8')) as RunResult;
    expect(result.checks.length).toBeGreaterThan(100);
    expect(har.log.entries).toHaveLength(result.checks.reduce((sum, check) => sum + check.exchanges, 0));
    expect(har.log.entries.length).toBeGreaterThan(100);
    expect((await readdir(report)).filter((name) => !name.startsWith('.')).sort()).toEqual(['ctrf.json', 'exchanges.har', 'results.json']);
  }, 300_000);
});
