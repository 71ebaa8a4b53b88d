import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildReferenceImage, defaultImageTag } from '../../image/build-image.js';
import { runCli } from '../../cli/conform/run-cli.js';
import type { RunResult } from '../../suites/engine/index.js';
import { dockerEngineProblem } from '../../targets/index.js';

const run = promisify(execFile);

/**
 * Why the container tests cannot run here, or undefined. In CI (process.env.CI) a missing engine is not a reason
 * to skip: the caller fails instead (issue 7: in CI they must run).
 */
export async function containerSkipReason(): Promise<{ skip?: string; problem?: string }> {
  const problem = await dockerEngineProblem(10_000);
  if (!problem) return {};
  return process.env.CI ? { problem } : { skip: problem, problem };
}

/** Builds sms-reference:local when the engine does not have it yet (CI builds it in .ci/run beforehand). */
export async function ensureReferenceImage(): Promise<void> {
  const known = await run('docker', ['image', 'inspect', defaultImageTag]).then(
    () => true,
    () => false,
  );
  if (!known) await buildReferenceImage(defaultImageTag);
}

/** The ids of every container (running or not) the container target created: `docker ps -a` by its label. */
export async function harnessContainers(): Promise<string[]> {
  const { stdout } = await run('docker', ['ps', '-a', '-q', '--filter', 'label=org.sms-conformance.run']);
  return stdout.split('\n').filter(Boolean);
}

/** One in-process `npm run conform` with JSON and console reports; returns exit code, output and the result. */
export async function conform(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string; result?: RunResult }> {
  const out = await mkdtemp(join(tmpdir(), 'conform-container-'));
  let stdout = '';
  let stderr = '';
  const code = await runCli([...args, '--out', out, '--reporter', 'json', '--reporter', 'console'], {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: {},
  });
  const result = await readFile(join(out, 'results.json'), 'utf8').then(
    (text) => JSON.parse(text) as RunResult,
    () => undefined,
  );
  return { code, stdout, stderr, ...(result ? { result } : {}) };
}
