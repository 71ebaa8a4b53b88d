// A running simulator as parity's B, started on ports of its own: B's receiver listens where that simulator delivers
// (--compare-simulator-webhook-url), A's (the embedded reference) elsewhere, both at once.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConformArgs } from '../../cli/conform/args.js';
import { resolveRun } from '../../cli/conform/resolve-run.js';
import { sideCommand } from '../../parity/reproduce-command.js';
import { freeLoopbackPort } from '../../targets/container/free-port.js';

const root = new URL('../../', import.meta.url).pathname;
const resolve = (argv: string[]) => resolveRun(parseConformArgs(argv), {}, {});

describe('parity B routing flags', () => {
  it("B's webhook URL and receiver port are B's own, named as B's in errors, and re-run B alone from its reproduction", () => {
    const run = resolve([
      '--target',
      'simulator',
      '--compare',
      'simulator',
      '--compare-base-url',
      'http://127.0.0.1:5001',
      '--compare-simulator-webhook-url',
      'http://127.0.0.1:5010/hooks',
    ]);
    expect(run.target.receiverPort).toBe(4010);
    expect(run.compare?.target.receiverPort).toBe(5010);
    expect(run.compare?.target.oneWebhookPath).toBe('/hooks');
    const side = sideCommand('b', 'simulator', run.compare!.target, run.target);
    expect(side.flags).toContain('--simulator-webhook-url');
    const alone = resolve(side.flags.map(String));
    expect([alone.target.baseUrl, alone.target.receiverPort, alone.target.oneWebhookPath]).toEqual(['http://127.0.0.1:5001', 5010, '/hooks']);
    expect(
      resolve(['--compare', 'http://127.0.0.1:5001', '--compare-profile', 'simulator', '--compare-receiver-port', '5010']).compare?.target.receiverPort,
    ).toBe(5010);
  });

  it("refuses two receivers on one port, B flags without --compare, and names B's flags in its messages", () => {
    expect(() => resolve(['--target', 'simulator', '--compare', 'simulator', '--compare-base-url', 'http://127.0.0.1:5001'])).toThrow(
      /both listen for deliveries on port 4010.*--compare-simulator-webhook-url/,
    );
    expect(() => resolve(['--compare-receiver-port', '5010'])).toThrow(/--compare-receiver-port describes the parity target B/);
    expect(() => resolve(['--compare', 'simulator', '--compare-simulator-webhook-url', 'https://hooks.example.com/x'])).toThrow(
      /^--compare-simulator-webhook-url must be an http URL on 127\.0\.0\.1/,
    );
    expect(() => resolve(['--compare', 'simulator', '--compare-simulator-webhook-url', 'http://127.0.0.1:5010/x', '--compare-receiver-port', '5011'])).toThrow(
      /--compare-simulator-webhook-url .* but --compare-receiver-port is 5011/,
    );
  });
});

describe('parity against a running simulator on ports of its own', () => {
  let dir: string;
  let simulator: ReturnType<typeof spawn> | undefined;
  const ports = { api: 0, ui: 0, hook: 0 };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'parity-sim-b-'));
    for (const key of ['api', 'ui', 'hook'] as const) ports[key] = await freeLoopbackPort();
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'cli/simulator/simulator.ts',
        '--api-port',
        String(ports.api),
        '--ui-port',
        String(ports.ui),
        '--webhook-url',
        `http://127.0.0.1:${ports.hook}/b-hooks`,
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    simulator = child;
    let out = '';
    child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
    const started = Date.now();
    while (!/test it with/.test(out)) {
      if (Date.now() - started > 30_000 || child.exitCode !== null) throw new Error(`the simulator did not start: ${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  afterAll(async () => {
    simulator?.kill('SIGINT');
    await rm(dir, { recursive: true, force: true });
  });

  it("B's events reach B's receiver at the URL the simulator was started with, while A runs at the same time", async () => {
    const args = ['cli/conform/conform.ts', '--target', 'reference', '--compare', 'simulator', '--compare-base-url', `http://127.0.0.1:${ports.api}`];
    args.push(
      '--compare-simulator-webhook-url',
      `http://127.0.0.1:${ports.hook}/b-hooks`,
      '--check',
      'SIMULATOR-EVENTS-AT-CONFIGURED-URL',
      '--seed',
      '3',
      '--out',
      dir,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const code = await new Promise<number | null>((r) => child.on('close', r));
    const parity = JSON.parse(await readFile(join(dir, 'parity.json'), 'utf8')) as {
      b: { statuses: { passed: number } };
      rows: { check?: { id: string }; b: string }[];
    };
    // B passed it: the simulator's events arrived where B's receiver listened (with B's receiver on A's port or the
    // default 4010 they would not have: the check fails, or the run stops on a port in use)
    expect(code, output).toBe(0);
    expect(parity.b.statuses.passed, output).toBe(1);
    expect(parity.rows.find((row) => row.check?.id === 'SIMULATOR-EVENTS-AT-CONFIGURED-URL')?.b).toBe('passed');
  }, 120_000);
});
