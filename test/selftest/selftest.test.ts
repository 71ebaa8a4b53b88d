// The harness proves itself (issue 6): the clean reference conforms, and every catalogued fault fails the run on a
// check that cites the requirement the fault names. Prints the mutation score table.
import { describe, expect, it } from 'vitest';
import { mustCoverage, mutationMarkdown, runSelftest } from '../../selftest/index.js';
import { requirements } from '../../spec/requirements.js';
import { referenceFaults } from '../../targets/index.js';

describe('self-test against the reference and its fault catalogue', () => {
  it('passes the clean reference and catches every fault', async () => {
    const result = await runSelftest({ runs: 15, concurrency: 4 });
    const coverage = mustCoverage(await referenceFaults(), requirements);
    console.log(mutationMarkdown(result, coverage));
    const cleanFailures = (result.clean?.checks ?? []).filter((c) => c.status === 'failed' || c.status === 'errored');
    expect(cleanFailures.map((c) => `${c.id}: ${c.reason ?? ''}`)).toEqual([]);
    expect(result.clean?.exitCode).toBe(0);
    expect(result.faults.filter((o) => !o.caught).map((o) => `${o.fault.id}: ${o.reason}`)).toEqual([]);
    expect(result.score.total).toBeGreaterThanOrEqual(40);
  }, 480_000);
});
