import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conform } from '../helpers/run-conform.js';

/**
 * The reference in production mode as its own process (npm run simulator -- --mode production), keys with tiers at
 * 100 requests/min: a run fitted to a small --time-budget exits 0 and takes about the wall time --plan said.
 */
const keys = { growth: 'sk_budget_growth', starter: 'sk_budget_starter' };
const own = '+14155550123';
let simulator: ChildProcess;
let baseUrl: string;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'conform-budget-'));
  simulator = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'cli/simulator/simulator.ts',
      '--mode',
      'production',
      '--api-port',
      '0',
      '--no-ui',
      '--key',
      `${keys.growth}:growth`,
      '--key',
      `${keys.starter}:starter`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the simulator did not start within 30 s')), 30_000);
    let seen = '';
    simulator.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /API on (http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(seen);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] as string);
      }
    });
    simulator.on('exit', (code) => reject(new Error(`the simulator exited with ${code}: ${seen}`)));
  });
}, 40_000);

afterAll(async () => {
  simulator?.kill('SIGTERM');
  await rm(dir, { recursive: true, force: true });
});

// a selection without webhook suites (they need a receiver route the simulator is not given here); the target is the
// reference, described as a user would describe theirs (spec §2.5: the template catalogue is the target's)
const conventions = ['--templates', 'examples/conventions/reference-templates.json', '--shared-sender', '+15550000000'];
const selection = [
  ...conventions,
  '--suite',
  'contract/messages',
  '--suite',
  'scenarios/idempotency',
  '--suite',
  'scenarios/templates',
  '--suite',
  'scenarios/tiers',
  '--suite',
  'scenarios/auth',
];

describe('a production run fitted to --time-budget', () => {
  it('--plan needs no key and states the requests per key and the wall time at 100 requests/min/key', async () => {
    const plan = await conform([
      '--target',
      'production',
      '--base-url',
      baseUrl,
      '--allow-send',
      '--allow-recipient',
      own,
      '--max-sends',
      '50',
      '--time-budget',
      '2',
      ...selection,
      '--plan',
    ]);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(/No --api-key was given: the plan assumes one/);
    expect(plan.stdout).toMatch(/about \d+ requests \(\d+ api key\)/);
    expect(plan.stdout).toMatch(/fitted to --time-budget 2 min/);
    expect(plan.stdout).toMatch(/Expected wall time: about [\d.]+ minutes at 100 requests\/min per key/);
  });

  it('exits 0, skips few checks and takes about the wall time --plan said', async () => {
    const args = [
      '--target',
      'production',
      '--base-url',
      baseUrl,
      '--api-key',
      keys.growth,
      '--starter-api-key',
      keys.starter,
      '--allow-send',
      '--allow-recipient',
      own,
      '--max-sends',
      '50',
      '--time-budget',
      '2',
      '--seed',
      '11',
      ...selection,
    ];
    const plan = await conform([...args, '--plan']);
    const minutes = Number(/Expected wall time: about ([\d.]+) minutes/.exec(plan.stdout)?.[1]);
    const planned = Number(/about (\d+) requests/.exec(plan.stdout)?.[1]);
    expect(minutes).toBeGreaterThan(0.5);
    const started = Date.now();
    const run = await conform([...args, '--out', join(dir, 'run'), '--reporter', 'json']);
    const seconds = (Date.now() - started) / 1000;
    const result = JSON.parse(await readFile(join(dir, 'run', 'results.json'), 'utf8')) as { summary: { byStatus: { skipped: number } }; requestsSent: number };
    expect(run.code, `${run.stderr}\n${run.stdout.slice(-2000)}`).toBe(0);
    expect(result.summary.byStatus.skipped).toBeLessThanOrEqual(5);
    console.log(`budget run: ${seconds.toFixed(0)} s against a plan of ${minutes} min; ${result.requestsSent} requests against ${planned} planned`);
    expect(seconds / (minutes * 60), `ran ${seconds.toFixed(0)} s, the plan said ${minutes} min`).toBeGreaterThan(0.65);
    expect(seconds / (minutes * 60), `ran ${seconds.toFixed(0)} s, the plan said ${minutes} min`).toBeLessThan(1.35);
    expect(result.requestsSent / planned).toBeGreaterThan(0.5);
    expect(result.requestsSent / planned).toBeLessThan(2);
  }, 400_000);
});
