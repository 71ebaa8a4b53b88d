import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConformArgs } from '../../cli/conform/args.js';
import { expandEnv, loadConfigFile } from '../../cli/conform/config-file.js';
import { resolveRun } from '../../cli/conform/resolve-run.js';
import { requirements } from '../../spec/requirements.js';
import { planContextFor, planRun } from '../../suites/engine/index.js';
import { loadRegistry } from '../../suites/index.js';

const root = new URL('../../', import.meta.url).pathname;

/** Runs cli/conform/conform.ts under tsx (`npx tsx`, or node --import tsx, which skips npm's start-up) and collects the outcome. */
function conform(args: string[], env: Record<string, string> = {}, viaNpx = false): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const [command, prefix] = viaNpx ? ['npx', ['tsx']] : [process.execPath, ['--import', 'tsx']];
    const child = spawn(command, [...prefix, 'cli/conform/conform.ts', ...args], { cwd: root, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'conform-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('conform CLI (spawned)', () => {
  it('exits 2 with a helpful message on a bad flag', async () => {
    const { code, stderr } = await conform(['--no-such-flag'], {}, true);
    expect(code).toBe(2);
    expect(stderr).toMatch(/Unknown option '--no-such-flag'\. Run with --help/);
  });

  it('exits 2 listing near matches for an unknown requirement id', async () => {
    const { code, stderr } = await conform(['--requirement', 'MSG-LIST-LIMT-MAX', '--list']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/Unknown requirement id MSG-LIST-LIMT-MAX\. Did you mean MSG-LIST-LIMIT-MAX/);
  });

  it('exits 2 with how to fix it when the target is not reachable, and never prints the key', async () => {
    const key = 'cli-planted-key-0a1b2c';
    const { code, stderr, stdout } = await conform(['--target', 'http://127.0.0.1:9', '--out', join(dir, 'down'), '--reporter', 'json'], {
      CONFORM_API_KEY: key,
    });
    expect(code).toBe(2);
    expect(stderr).toMatch(/target not reachable: .*ECONNREFUSED.*To fix: start the target/);
    expect(stdout + stderr).not.toContain(key);
  });

  it('--list prints the plan and exits 0; --help exits 0', async () => {
    const list = await conform(['--list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/USER-ME-CONNECTION\s+must\s+builtin\/connection/);
    const help = await conform(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Exit codes: 0 conforms, 1 does not conform, 2 usage or set-up error, 3 inconclusive');
  });

  it('runs against the embedded reference, exits 0 and writes the reports', async () => {
    const out = join(dir, 'reports');
    const { code, stdout } = await conform(['--out', out, '--seed', '5']);
    expect(code).toBe(0);
    expect(stdout).toContain('CONFORMS');
    expect(stdout).toContain(`report: ${join(out, 'report.html')}`);
    expect((await readdir(out)).sort()).toEqual(['.conform-run.json', 'junit.xml', 'report.html', 'results.json', 'summary.md']);
  });
});

describe('argument resolution (in-process)', () => {
  it('rejects bad values with usage errors', () => {
    expect(() => parseConformArgs(['--runs', '0'])).toThrow(
      expect.objectContaining({ code: 'USAGE', message: '--runs must be a whole number >= 1, got "0".' }),
    );
    expect(() => parseConformArgs(['--fail-on', 'observe'])).toThrow(/--fail-on must be "must" or "should"/);
    const args = parseConformArgs(['--target', 'simulator', '--fault', 'x']);
    expect(() => resolveRun(args, {}, {})).toThrow(/--fault works only with --target reference/);
    expect(() => resolveRun(parseConformArgs(['--target', 'staging']), {}, {})).toThrow(/Unknown --target "staging": use .* URL\.$/);
    expect(() => resolveRun(parseConformArgs(['--target', 'simulater']), {}, {})).toThrow(/Unknown --target "simulater".* Did you mean --target simulator\?$/);
    expect(() => resolveRun(parseConformArgs(['--reporter', 'pdf']), {}, {})).toThrow(expect.objectContaining({ code: 'UNKNOWN_REPORTER' }));
  });

  it('takes keys from flags over env over config, and --target simulator is 127.0.0.1:4001', () => {
    const env = { CONFORM_API_KEY: 'from-env-key', CONFORM_STARTER_API_KEY: 'starter-env-key' };
    const run = resolveRun(parseConformArgs(['--target', 'simulator', '--api-key', 'from-flag-key']), { apiKey: 'from-config-key', runs: 7 }, env);
    expect(run.target.baseUrl).toBe('http://127.0.0.1:4001');
    expect(run.target.profile.name).toBe('simulator');
    expect(run.target.keys.growth).toBe('from-flag-key');
    expect(run.target.keys.starter).toBe('starter-env-key');
    expect(run.runs).toBe(7);
    expect(run.failOn).toBe('should');
    expect(resolveRun(parseConformArgs(['--target', 'http://127.0.0.1:1234']), {}, env).target.profile.name).toBe('production');
  });

  it('--receiver-url lets a remote target run the webhook suites; without it they are skipped with how to fix it', async () => {
    const registry = await loadRegistry();
    const receiverSkips = (argv: string[]) => {
      const run = resolveRun(parseConformArgs(argv), {}, { CONFORM_API_KEY: 'k-remote' });
      const plan = planRun(registry, run.selection, planContextFor({ target: run.target }, requirements));
      return { run, skipped: plan.filter((p) => p.check.needs?.includes('receiver') && p.skip?.includes('receiver')) };
    };
    // planning only: nothing is sent to this address
    const remote = ['--target', 'https://api.example.test'];
    const without = receiverSkips(remote);
    expect(without.skipped.length).toBeGreaterThan(10);
    expect(without.skipped[0]?.skip).toMatch(/--receiver-url/);
    const forwarded = receiverSkips([...remote, '--receiver-url', 'https://hooks.example.test/ignored-path', '--receiver-port', '8443']);
    expect(forwarded.skipped).toEqual([]);
    expect(forwarded.run.target.receiverUrl('/x/y')).toBe('https://hooks.example.test/x/y');
    expect(forwarded.run.receiverPort).toBe(8443);
    expect(() => resolveRun(parseConformArgs([...remote, '--receiver-url', 'http://hooks.example.test']), {}, {})).toThrow(/must be https/);
  });

  it('loads a JSON config with ${ENV} expansion and rejects unknown keys', async () => {
    const file = join(dir, 'conform.config.json');
    await writeFile(file, JSON.stringify({ target: 'production', baseUrl: 'http://127.0.0.1:5555', apiKey: '${MY_KEY}', suites: ['contract/*'] }));
    const config = await loadConfigFile(file, { MY_KEY: 'expanded-key' });
    // the old plural key still works: it is read as the flag's own key (--suite is suite)
    expect(config).toMatchObject({ apiKey: 'expanded-key', suite: ['contract/*'] });
    expect(() => expandEnv('${MISSING_VAR}', {})).toThrow(/MISSING_VAR is not set/);
    await writeFile(file, JSON.stringify({ colour: 'blue' }));
    await expect(loadConfigFile(file, {})).rejects.toMatchObject({ code: 'CONFIG', message: expect.stringMatching(/Unknown key "colour"/) });
  });
});
