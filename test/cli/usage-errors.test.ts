import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conform } from '../helpers/run-conform.js';

// issue 15: usage errors are one line, exit 2, found before any target starts or any report is written
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'conform-usage-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** One line, exit 2, no stack trace, no "internal error", and nothing started. */
function expectUsageError(outcome: { code: number; stdout: string; stderr: string }, message: RegExp): void {
  expect(outcome.code).toBe(2);
  expect(outcome.stdout).toBe('');
  expect(outcome.stderr).toMatch(message);
  expect(outcome.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(outcome.stderr).not.toMatch(/internal error|\n\s+at |checks against/);
}

describe('conform usage errors', () => {
  it('--out naming an existing file', async () => {
    const file = join(dir, 'a-file');
    await writeFile(file, 'keep me');
    expectUsageError(await conform(['--out', file, '--check', 'USER-ME-CONNECTION']), /^conform: --out .*a-file: is a file, not a directory/);
    expect(await readFile(file, 'utf8')).toBe('keep me');
  });

  it.skipIf(!existsSync('/proc/self'))(
    '--out /proc/x: an uncreatable place, promptly (it hung in a recursive mkdir)',
    async () => {
      const started = performance.now();
      expectUsageError(await conform(['--out', '/proc/x', '--check', 'USER-ME-CONNECTION']), /^conform: --out \/proc\/x: cannot create \/proc\/x/);
      expect(performance.now() - started).toBeLessThan(5_000);
    },
    10_000,
  );

  it('--runs -1 gets the range error of every numeric flag', async () => {
    expectUsageError(await conform(['--runs', '-1']), /^conform: --runs must be a whole number >= 1, got "-1"\.$/m);
    expectUsageError(await conform(['--timeout', '-5']), /^conform: --timeout must be a whole number >= 1, got "-5"\.$/m);
  });

  it('a --dialect name the spec does not give (the entry the wrong way round): exit 2, one line naming the known ones', async () => {
    const outcome = await conform(['--target', 'http://127.0.0.1:9', '--dialect', 'body=message']);
    expectUsageError(outcome, /^conform: --dialect "body=message": body is no field name of the spec .*: created_at, data, .*message, .*to, /);
  });

  it('an unknown --fault: a short "did you mean", printed once, the earlier reports left as they were', async () => {
    const out = join(dir, 'reports');
    expect((await conform(['--check', 'USER-ME-CONNECTION', '--out', out])).code).toBe(0);
    const before = await Promise.all((await readdir(out)).map(async (name) => [name, await readFile(join(out, name), 'utf8')]));
    const outcome = await conform(['--fault', 'accepts-limit-11', '--out', out]);
    expectUsageError(outcome, /^conform: Unknown --fault "accepts-limit-11"\. Did you mean accepts-limit-101/);
    expect(outcome.stderr.length).toBeLessThan(300);
    const after = await Promise.all((await readdir(out)).map(async (name) => [name, await readFile(join(out, name), 'utf8')]));
    expect(after).toEqual(before);
  });

  it("the README's merge example prints the verdict, writes the four reports, and exits as the unsharded run does", async () => {
    const shards = join(dir, 'shards');
    const merged = join(dir, 'merged');
    const selection = ['--seed', '7', '--suite', 'scenarios/auth'];
    for (const i of [1, 2, 3]) expect((await conform([...selection, '--shard', `${i}/3`, '--out', shards])).code).toBe(0);
    const whole = await conform([...selection, '--out', join(dir, 'whole'), '--reporter', 'json']);
    const merge = await conform(['--merge', shards, '--out', merged, '--reporter', 'github-actions']);
    expect(merge.code).toBe(whole.code);
    expect(merge.stdout).toMatch(/^CONFORMS \(fail-on should\): \d+ passed/m);
    expect((await readdir(merged)).sort()).toEqual(['.conform-run.json', 'junit.xml', 'report.html', 'results.json', 'summary.md']);
  }, 60_000);
});

describe('npm run image without a Docker engine', () => {
  const closedPort = async (): Promise<number> => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return port;
  };
  for (const [what, host] of [
    ['a closed loopback port', async () => `tcp://127.0.0.1:${await closedPort()}`],
    ['a unix socket that does not exist', async () => `unix://${join(tmpdir(), 'conform-no-such-docker.sock')}`],
  ] as const) {
    it(`DOCKER_HOST at ${what}: exit 2 within 5 s, no child left blocked`, async () => {
      const started = performance.now();
      const child = spawn(process.execPath, ['--import', 'tsx', 'image/build-image.ts'], { env: { ...process.env, DOCKER_HOST: await host() } });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdout.resume();
      const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      // 'close': the process exited and every pipe to its children closed (a blocked tar would hold one open)
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      clearTimeout(killer);
      expect(code).toBe(2);
      expect(performance.now() - started).toBeLessThan(5_000 + 2_000); // + node and tsx start-up on a loaded machine
      expect(stderr).toMatch(/^image: the build failed: (no Docker engine answers|docker could not be started)/);
    }, 30_000);
  }
});
