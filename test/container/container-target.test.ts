import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '../../targets/container/free-port.js';
import { conform, containerSkipReason, ensureReferenceImage, harnessContainers } from './container-harness.js';

const image = 'sms-reference:local';
const { skip, problem } = await containerSkipReason();
const base = ['--target', 'container', '--image', image];
if (skip) console.warn(`test/container: the container tests are skipped: ${skip}`);

// one file, run in order: "no container left" must not see another test's container
describe.skipIf(skip !== undefined)(`container target${skip ? ` (skipped: ${skip})` : ''}`, () => {
  beforeAll(async () => {
    if (problem) throw new Error(`the container tests must run in CI, but ${problem}`);
    await ensureReferenceImage();
  }, 120_000);

  it('passes the contract, webhook and signature suites against sms-reference:local and removes the container', async () => {
    const run = await conform([...base, '--suite', 'contract/*', '--suite', 'scenarios/webhooks', '--suite', 'scenarios/signatures', '--runs', '10']);
    expect(run.code, run.stdout.slice(-3000)).toBe(0);
    expect(run.result?.summary.byStatus.passed).toBeGreaterThan(50);
    expect(run.result?.checks.some((check) => check.suite === 'scenarios/webhooks' && check.status === 'passed')).toBe(true);
    expect(run.result?.target.startupMs).toBeGreaterThan(0);
    expect(await harnessContainers()).toEqual([]);
  }, 240_000);

  it('fails on MSG-SEND-MESSAGE-MAX with the accepts-1601-chars fault switched on by --container-env', async () => {
    const run = await conform([...base, '--container-env', 'SIM_FAULTS=accepts-1601-chars', '--requirement', 'MSG-SEND-MESSAGE-MAX']);
    expect(run.code).toBe(1);
    const failed = run.result?.checks.filter((check) => check.status === 'failed') ?? [];
    expect(failed.flatMap((check) => check.requirements)).toContain('MSG-SEND-MESSAGE-MAX');
    expect(run.stdout).toContain('MSG-SEND-MESSAGE-MAX');
    expect(await harnessContainers()).toEqual([]);
  }, 120_000);

  it('exits 2 for an image that does not exist, without pulling', async () => {
    const run = await conform(['--target', 'container', '--image', 'sms-no-such-image:absent', '--check', 'USER-ME-CONNECTION']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/image sms-no-such-image:absent does not exist on this Docker engine.*npm run image/s);
    expect(await harnessContainers()).toEqual([]);
  }, 60_000);

  it('exits 2 with the log lines of a container that exits at start', async () => {
    const run = await conform([...base, '--container-env', 'SIM_FAULTS=no-such-fault', '--check', 'USER-ME-CONNECTION']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/exited at start with code 2; its last \d+ log lines?:\n {2}\| simulator: unknown fault id "no-such-fault"/);
    expect(await harnessContainers()).toEqual([]);
  }, 60_000);

  it('exits 2 with the log lines of a container that never becomes ready', async () => {
    const elsewhere = await freeLoopbackPort();
    const run = await conform([...base, '--container-env', `SIM_API_PORT=${elsewhere}`, '--startup-timeout', '1500', '--check', 'USER-ME-CONNECTION']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('never became ready: it did not answer GET http://127.0.0.1:');
    expect(run.stderr).toContain(`| simulator: API on http://127.0.0.1:${elsewhere}/v1`);
    expect(await harnessContainers()).toEqual([]);
  }, 60_000);

  it('removes the container when the run gets SIGTERM', async () => {
    const holder = fileURLToPath(new URL('./hold-container.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', holder, image], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const deadline = Date.now() + 60_000;
    while (!out.includes('ready') && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 100));
    expect(out).toMatch(/ready http:\/\/127\.0\.0\.1:\d+/);
    expect(await harnessContainers()).toHaveLength(1);
    child.kill('SIGTERM');
    const [, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
    expect(signal).toBe('SIGTERM');
    expect(await harnessContainers()).toEqual([]);
  }, 90_000);
});
