import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { conform } from '../helpers/run-conform.js';

describe('--plan estimates what a run really sends', () => {
  it('within 2x of the real requestsSent on the default reference run (same seed and selection)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'conform-plan-'));
    try {
      for (const selection of [[], ['--suite', 'contract/*'], ['--suite', 'scenarios/*', '--runs', '3']]) {
        const plan = await conform(['--seed', '7', ...selection, '--plan']);
        expect(plan.code, plan.stderr).toBe(0);
        const planned = Number(/about (\d+) requests/.exec(plan.stdout)?.[1]);
        const out = join(dir, String(selection.length));
        const run = await conform(['--seed', '7', ...selection, '--out', out, '--reporter', 'json']);
        expect(run.code, run.stderr).toBe(0);
        const { requestsSent } = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as { requestsSent: number };
        const ratio = planned / requestsSent;
        expect(ratio, `${selection.join(' ') || 'default'}: planned ${planned}, sent ${requestsSent}`).toBeGreaterThan(0.5);
        expect(ratio, `${selection.join(' ') || 'default'}: planned ${planned}, sent ${requestsSent}`).toBeLessThan(2);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
