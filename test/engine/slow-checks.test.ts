import { describe, expect, it } from 'vitest';
import { conform } from '../helpers/run-conform.js';

describe('a slow check (it waits out a rate-limit window)', () => {
  it('is skipped, saying how to run it, unless the selection names it or its requirement', async () => {
    const line = (out: string) => out.split('\n').find((l) => l.startsWith('RATE-SCENARIO-RECOVERS')) ?? '';
    const all = await conform(['--list']);
    expect(line(all.stdout)).toMatch(/waits out the Retry-After interval .*run it by name \(--check RATE-SCENARIO-RECOVERS\)/);
    for (const selection of [
      ['--check', 'RATE-SCENARIO-RECOVERS'],
      ['--requirement', 'RATE-RECOVERS'],
    ]) {
      const named = await conform(['--list', ...selection]);
      expect(line(named.stdout)).toContain('RATE-RECOVERS');
      expect(line(named.stdout)).not.toMatch(/run it by name/);
    }
  });
});
