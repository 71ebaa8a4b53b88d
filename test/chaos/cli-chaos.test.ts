import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChaosServer } from './chaos-server.js';
import type { ChaosServer } from './chaos-server.js';

const root = new URL('../../', import.meta.url).pathname;
let chaos: ChaosServer;
let dir: string;
beforeAll(async () => {
  chaos = await startChaosServer();
  dir = await mkdtemp(join(tmpdir(), 'conform-chaos-cli-'));
});
afterAll(async () => {
  await chaos.close();
  await rm(dir, { recursive: true, force: true });
});

describe('chaos: the spawned CLI exits on its own (no handle keeps it alive)', () => {
  it('against a TLS handshake failure and a black hole, with the real suites', async () => {
    for (const url of [chaos.portUrl('tls-garbage'), chaos.portUrl('black-hole')]) {
      const started = Date.now();
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          'cli/conform/conform.ts',
          '--target',
          url,
          '--profile',
          'simulator',
          '--receiver-port',
          '0',
          '--request-timeout',
          '500',
          '--timeout',
          '1500',
          '--reporter',
          'json',
          '--out',
          dir,
        ],
        { cwd: root },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdout.resume();
      // never kill it first: if it does not exit by itself within the bound, the test fails on its timeout
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(2);
      expect(stderr).toMatch(/conform: target not reachable: .*(ERR_SSL|EPROTO|TIMEOUT)/);
      expect(Date.now() - started).toBeLessThan(30_000);
    }
  }, 70_000);
});
