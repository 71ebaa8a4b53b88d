import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { referenceFaults } from '../../targets/index.js';
import { conform } from '../helpers/run-conform.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('--fault list prints the catalogue', () => {
  it('conform: every fault once, with the requirement it breaks and what it does; exit 0', async () => {
    const run = await conform(['--fault', 'list']);
    expect(run.code).toBe(0);
    const faults = await referenceFaults();
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`${faults.length} faults of the reference (switch one on with --fault <id>; each breaks the requirement named):`);
    expect(lines.slice(2).map((line) => line.split(/\s{2,}/))).toEqual(faults.map((fault) => [fault.id, fault.requirement, fault.description]));
  });

  it('npm run simulator -- --fault list prints the same catalogue and starts nothing', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'cli/simulator/simulator.ts', '--fault', 'list'], {
      cwd: root,
      timeout: 60_000,
    });
    expect(stdout).toBe((await conform(['--fault', 'list'])).stdout);
  });
});
