// Issue 25: set-up is checked before the first request; each problem is one line naming the flag to change, exit 2,
// and no report is written (earlier ones stay).
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockOutDir, outLockPath } from '../../cli/conform/out-lock.js';
import { conform } from '../helpers/run-conform.js';

let dir: string;
let held: Server;
let heldPort: number;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'preflight-'));
  held = createServer();
  await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
  heldPort = (held.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => held.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

describe('set-up errors come before the run', () => {
  it('a receiver port another process holds: exit 2, one line naming --receiver-port, nothing written', async () => {
    const out = join(dir, 'port');
    const run = await conform(['--target', 'simulator', '--receiver-port', String(heldPort), '--out', out]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^conform: --receiver-port ${heldPort}: port ${heldPort} on 127.0.0.1 is in use`)),
    ]);
    expect(await readdir(out)).toEqual([]);
  });

  it('parity B’s receiver port: the line names --compare-receiver-port', async () => {
    const run = await conform([
      '--compare',
      'http://127.0.0.1:1',
      '--compare-profile',
      'simulator',
      '--compare-receiver-port',
      String(heldPort),
      '--out',
      join(dir, 'b'),
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^conform: --compare-receiver-port ${heldPort}: `));
  });

  it('an --out another run holds: exit 2 naming --out; a lock left by a process that is gone is taken over', async () => {
    const out = join(dir, 'held');
    const release = lockOutDir(out);
    try {
      const run = await conform(['--suite', 'contract/user', '--out', out]);
      expect(run.code).toBe(2);
      expect(run.stderr.trimEnd().split('\n')).toEqual([
        `conform: --out ${out} is in use by another run (process ${process.pid}, since ${new Date(0).toISOString()}): wait for it to finish, or give another --out.`.replace(
          new Date(0).toISOString(),
          (/since (\S+)\)/.exec(run.stderr) as RegExpExecArray)[1] as string,
        ),
      ]);
    } finally {
      release();
    }
    // a process that exited without releasing (SIGKILL): its lock names a pid that is gone
    const gone = spawn(process.execPath, ['-e', '']);
    const pid = await new Promise<number>((resolve) => gone.on('exit', () => resolve(gone.pid as number)));
    await writeFile(outLockPath(out), JSON.stringify({ pid, host: hostname(), since: 'then' }));
    const run = await conform(['--suite', 'contract/user', '--out', out]);
    expect(run.code).toBe(0);
    expect((await readdir(dir)).filter((name) => name.endsWith('.lock'))).toEqual([]);
  }, 60_000);
});
