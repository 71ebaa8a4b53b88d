// Prism's mock server of spec/openapi.yaml (npm @stoplight/prism-cli) as a child process: a foreign target, an
// implementation nobody here wrote (issue 34). Its answers come from the schemas; it keeps no state.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { freePort } from './free-port.js';

/** A running Prism mock: its origin (without /v1) and how to stop it. */
export interface PrismMock {
  readonly baseUrl: string;
  /** Kills the child (SIGTERM, then SIGKILL) and resolves once it has exited: no orphan. */
  stop(): Promise<void>;
}

const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'node_modules', '.bin', 'prism');
// bounds, not expectations: Prism starts in about a second; a loaded 2-core machine may take many times that
const startBoundMs = 60_000;
const stopBoundMs = 10_000;
const keptOutputChars = 4_000;

/**
 * Starts `prism mock spec/openapi.yaml -h 127.0.0.1 -p <free port>` and resolves once it says it listens (at most
 * 60 s; it throws with Prism's output otherwise). Static mode, not `-d`: each answer is the schema's example (or
 * Prism's own from the schema), the same for every request whatever the order, so the test's list of what Prism
 * breaks holds on every run; dynamic answers are random per request (a seed fixes only their sequence, and the
 * harness sends concurrently), so a check could pass on one run and fail on the next.
 */
export async function startPrismMock(): Promise<PrismMock> {
  const port = await freePort();
  const args = ['mock', join(root, 'spec', 'openapi.yaml'), '-h', '127.0.0.1', '-p', String(port), '--multiprocess=false'];
  const child = spawn(process.execPath, [cli, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer): void => void (output = (output + chunk.toString()).slice(-keptOutputChars));
  child.stdout.on('data', keep); // read on, always: a full pipe would stall Prism's request log
  child.stderr.on('data', keep);
  const exited = once(child, 'exit');
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), stopBoundMs);
    await exited;
    clearTimeout(killer);
  };
  try {
    await listening(() => output, exited);
  } catch (error) {
    await stop();
    throw new Error(`Prism did not start on 127.0.0.1:${port}: ${(error as Error).message}\n${output}`);
  }
  return { baseUrl: `http://127.0.0.1:${port}`, stop };
}

/** Resolves when Prism's output says it listens; rejects when it exits first or after the start bound. */
async function listening(output: () => string, exited: Promise<unknown>): Promise<void> {
  const deadline = Date.now() + startBoundMs;
  let gone = false;
  void exited.then(() => (gone = true));
  while (!/Prism is listening on/.test(output())) {
    if (gone) throw new Error('it exited');
    if (Date.now() > deadline) throw new Error(`no "listening" within ${startBoundMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
