import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../../cli/conform/run-cli.js';
import type { RunResult } from '../../suites/engine/index.js';

/** One in-process `npm run conform -- <args>` (cwd as it is); returns the exit code and the output. */
export async function conform(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, env });
  return { code, stdout, stderr };
}

/** `conform(args)` with `--reporter json --out` a temporary folder, and the results.json it wrote (the folder is removed). */
export async function conformWithResults(
  args: readonly string[],
  prefix: string,
): Promise<{ code: number; stdout: string; stderr: string; result: RunResult }> {
  const out = await mkdtemp(join(tmpdir(), prefix));
  try {
    const run = await conform([...args, '--reporter', 'json', '--out', out]);
    const result = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as RunResult;
    return { ...run, result };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}
