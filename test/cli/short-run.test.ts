import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/conform/run-cli.js';
import { isShortRun, shortRunMaxRuns } from '../../cli/conform/short-run.js';
import type { RunShape } from '../../cli/conform/short-run.js';

// decision 30: sms-conform skips V8's optimizing compiler for a short, unpaced run; runCli reports each run's shape
const dir = mkdtempSync(join(tmpdir(), 'short-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function shapesOf(argv: string[]): Promise<{ code: number; shapes: RunShape[] }> {
  const shapes: RunShape[] = [];
  const quiet = { write: () => true };
  const code = await runCli([...argv, '--out', join(dir, 'out'), '--only-reporters', '--reporter', 'json'], {
    stdout: quiet,
    stderr: quiet,
    env: {},
    beforeRun: (shape) => shapes.push(shape),
  });
  return { code, shapes };
}

describe('short runs (decision 30)', () => {
  it('an unpaced run of at most shortRunMaxRuns cases is short; more cases or a paced client is not', () => {
    expect(isShortRun({ runs: 50, paced: false })).toBe(true);
    expect(isShortRun({ runs: shortRunMaxRuns, paced: false })).toBe(true);
    expect(isShortRun({ runs: shortRunMaxRuns + 1, paced: false })).toBe(false);
    expect(isShortRun({ runs: 1, paced: true })).toBe(false);
  });

  it('runCli hands a run its shape before it starts (the default runs, --runs), and nothing for --list', async () => {
    expect(await shapesOf(['--check', 'USER-ME-CONNECTION'])).toEqual({ code: 0, shapes: [{ runs: 50, paced: false }] });
    expect((await shapesOf(['--check', 'USER-ME-CONNECTION', '--runs', '300'])).shapes).toEqual([{ runs: 300, paced: false }]);
    expect((await shapesOf(['--list'])).shapes).toEqual([]);
  }, 60_000);
});
