import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** A server under load, running in its own process. */
export interface Served {
  url: string;
  key: string;
  stop(): Promise<void>;
}

const entry = fileURLToPath(new URL('./served-process.ts', import.meta.url));

/** Starts `bench/served-process.ts <kind>` under tsx and waits (at most 20 s) for its `{url, key}` line. */
export async function serve(kind: 'bare' | 'reference'): Promise<Served> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, kind], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bench: ${kind} server did not start within 20 s`)), 20_000);
    lines.once('line', (line) => (clearTimeout(timer), resolve(line)));
    child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`bench: ${kind} server exited with ${code}`))));
  });
  const { url, key } = JSON.parse(first) as { url: string; key: string };
  return {
    url,
    key,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
