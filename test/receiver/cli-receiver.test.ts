import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { signers } from '../../receiver/index.js';
import { closeAgents, post } from './helpers.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SECRET = `whsec_${'5a'.repeat(32)}`;
let child: ChildProcessWithoutNullStreams | undefined;

afterEach(async () => {
  await closeAgents();
  if (child && child.exitCode === null) child.kill('SIGKILL');
});

/** Starts the CLI and resolves once it printed its URLs; `output()` returns everything printed so far. */
function startCli(args: string[], env: Record<string, string> = {}): Promise<{ httpUrl: string; output: () => string; exit: Promise<number | null> }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'cli/receiver/receiver.ts', ...args], { cwd: ROOT, env: { ...process.env, ...env } });
  child = proc;
  let out = '';
  proc.stdout.on('data', (d) => (out += String(d)));
  proc.stderr.on('data', (d) => (out += String(d)));
  const exit = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`CLI did not start within 15 s; output: ${out}`)), 15_000);
    const onData = () => {
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      proc.stdout.off('data', onData);
      resolve({ httpUrl: m[1] as string, output: () => out, exit });
    };
    proc.stdout.on('data', onData);
    void exit.then((code) => reject(new Error(`CLI exited with ${code}: ${out}`)));
  });
}

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('cli/receiver/receiver', () => {
  it('prints each delivery with its verification, never the secret, and stops on SIGINT', async () => {
    const cli = await startCli(['--port', '0', '--https-port', '0', '--scheme', 'service'], { RECEIVER_SECRETS: SECRET });
    const body = '{"event":"message.delivered","data":{"id":"m1"}}';
    await post(`${cli.httpUrl}/hooks`, body, signers.service(body, SECRET));
    await post(`${cli.httpUrl}/hooks`, body, signers.service(body, `whsec_${'00'.repeat(32)}`));
    await until(() => cli.output().includes('#2'));
    expect(cli.output()).toMatch(/#1 .*POST \/hooks {2}message\.delivered .*✓ verified/);
    expect(cli.output()).toMatch(/#2 .*✗ no_matching_signature/);
    child?.kill('SIGINT');
    expect(await cli.exit).toBe(0);
    expect(cli.output()).toContain('stopped after 2 deliveries');
    expect(cli.output()).not.toContain(SECRET);
    expect(cli.output()).not.toContain(SECRET.slice(6));
  }, 30_000);

  it('refuses an unknown scheme with a usage message', async () => {
    await expect(startCli(['--scheme', 'md5'])).rejects.toThrow(/exited with 2.*unknown signature scheme "md5"/s);
  }, 30_000);
});
