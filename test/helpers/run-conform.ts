import { runCli } from '../../cli/conform/run-cli.js';

/** One in-process `npm run conform -- <args>` (cwd as it is); returns the exit code and the output. */
export async function conform(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, env });
  return { code, stdout, stderr };
}
