import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tsx = `${root}node_modules/.bin/tsx`;

interface Run {
  out: () => string;
  err: () => string;
  exit: Promise<number | null>;
  kill: (signal: NodeJS.Signals) => void;
}

function run(args: string[], env: Record<string, string> = {}): Run {
  const child = spawn(tsx, ['cli/simulator/simulator.ts', ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  void exit.then(() => clearTimeout(timer));
  return { out: () => out, err: () => err, exit, kill: (s) => child.kill(s) };
}

async function waitFor(check: () => boolean, ms = 20_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out waiting for the simulator');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('npm run simulator', () => {
  it('starts on free ports, answers, and exits 0 on SIGTERM', async () => {
    const sim = run(['--api-port', '0', '--ui-port', '0'], { SIM_MODE: 'simulator' });
    await waitFor(() => /API on (http:\/\/127\.0\.0\.1:\d+)\/v1/.test(sim.out()));
    const api = /API on (http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(sim.out())![1]!;
    const ui = /UI on (http:\/\/127\.0\.0\.1:\d+)/.exec(sim.out())![1]!;
    const me = await fetch(`${api}/v1/user/me`, { headers: { 'x-api-key': 'any' } });
    expect(me.status).toBe(200);
    expect((await fetch(ui)).status).toBe(200);
    sim.kill('SIGTERM');
    expect(await sim.exit).toBe(0);
  });

  it('a port in use gives a one-line error and exit code 2', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as AddressInfo).port;
    try {
      const sim = run(['--no-ui'], { SIM_API_PORT: String(port) });
      expect(await sim.exit).toBe(2);
      const lines = sim
        .err()
        .split('\n')
        .filter((l) => l.trim() && !l.startsWith('npm warn'));
      expect(lines).toEqual([`simulator: API port ${port} on 127.0.0.1 is already in use: stop the other process or choose another port`]);
    } finally {
      blocker.close();
    }
  });

  it('an unknown fault id is a usage error with exit code 2', async () => {
    const sim = run(['--no-ui', '--api-port', '0', '--fault', 'nope']);
    expect(await sim.exit).toBe(2);
    expect(sim.err()).toMatch(/unknown fault id "nope"/);
  });
});
