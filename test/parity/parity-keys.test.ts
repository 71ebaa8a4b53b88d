import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference } from '../../simulator/index.js';
import type { ReferenceServer } from '../../simulator/index.js';
import { conform } from '../helpers/run-conform.js';

// two deployments with their own accounts: A's keys are unknown to B and the other way round
const keysA = { growth: 'parity-a-growth-7d1e', starter: 'parity-a-starter-7d1e' };
const keysB = { growth: 'parity-b-growth-93fc', starter: 'parity-b-starter-93fc' };
const start = (keys: typeof keysA) =>
  startReference({
    mode: 'production',
    port: 0,
    ui: false,
    keys: { [keys.growth]: { tier: 'growth', ratePerMinute: null }, [keys.starter]: { tier: 'starter', ratePerMinute: null } },
  });

let a: ReferenceServer;
let b: ReferenceServer;
let dir: string;
beforeAll(async () => {
  [a, b] = await Promise.all([start(keysA), start(keysB)]);
  dir = await mkdtemp(join(tmpdir(), 'parity-keys-'));
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await rm(dir, { recursive: true, force: true });
});

describe('parity of two targets with their own keys (--compare-api-key …)', () => {
  const base = (ref: ReferenceServer) => ref.url.replace(/\/+$/, '');
  const args = (out: string) => [
    '--target',
    base(a),
    '--profile',
    'reference',
    '--api-key',
    keysA.growth,
    '--starter-api-key',
    keysA.starter,
    '--compare',
    base(b),
    '--compare-profile',
    'reference',
    '--suite',
    'contract/messages',
    '--seed',
    '7',
    '--runs',
    '3',
    '--out',
    out,
  ];

  it("runs B with B's keys, matches 100%, and prints and writes neither side's keys", async () => {
    const out = join(dir, 'own-keys');
    const run = await conform([...args(out), '--compare-starter-api-key', keysB.starter], { CONFORM_COMPARE_API_KEY: keysB.growth });
    expect(run.stderr + run.stdout).toMatch(/parity 100(\.0)?%/i);
    expect(run.code).toBe(0);
    const written = await Promise.all((await readdir(out)).map((file) => readFile(join(out, file), 'utf8')));
    for (const text of [run.stdout, run.stderr, ...written]) {
      for (const key of [...Object.values(keysA), ...Object.values(keysB)]) expect(text).not.toContain(key);
    }
  }, 120_000);

  it("without them B gets A's keys: B refuses them, exit 2 naming B's key flag", async () => {
    const run = await conform(args(join(dir, 'shared-keys')));
    expect(run.code).toBe(2);
    expect(run.stdout).toMatch(/B .*: not-run/);
    expect(run.stderr).toMatch(
      /conform: B \(http:\/\/127\.0\.0\.1:\d+\/?\): the target refused the API key: .*401.*For B give its own keys: --compare-api-key/,
    );
    expect(run.stderr).not.toMatch(/conform: A /);
  }, 120_000);

  it('refuses B flags without --compare', async () => {
    const run = await conform(['--compare-base-url', 'http://127.0.0.1:1', '--list']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--compare-base-url describes the parity target B: add --compare <target>');
  });
});
