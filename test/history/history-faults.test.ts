import { describe, expect, it } from 'vitest';
import { runConformance, runPool } from '../../suites/engine/index.js';
import { historyFaults } from '../../simulator/faults/history-faults.js';
import { consoleReporter, htmlReporter, markdownReporter } from '../../reports/index.js';
import { referenceTarget } from '../../targets/index.js';

// issue 23: each fault of the history rules is caught on its own requirement, the failure naming the earlier
// exchange that set the state and the later one that contradicts it, with the sequence as reproduction
describe('the history faults of the reference', () => {
  it('are each caught on their own requirement with both entries in the reason, the reproduction and the report', async () => {
    const outcomes = await runPool(historyFaults, 4, async (fault) => {
      const run = await runConformance({ target: referenceTarget({ faults: [fault.id] }), seed: 23, selection: { requirements: [fault.requirement] } });
      const catching = run.checks.find((c) => c.status === 'failed' && c.suite.startsWith('history/') && c.violated?.includes(fault.requirement));
      return { fault, run, catching };
    });
    const missed = outcomes.filter((o) => o.catching === undefined).map((o) => o.fault.id);
    expect(missed).toEqual([]);
    for (const { fault, run, catching } of outcomes) {
      const reason = catching?.reason ?? '';
      // "#<seq> <what> … but #<seq> …": the entry that set the state, then the one that contradicts it
      const named = [...reason.split('\n')[0]!.matchAll(/#(\d+)\b/g)].map((m) => Number(m[1]));
      expect(new Set(named).size, `${fault.id}: ${reason}`).toBeGreaterThanOrEqual(
        // one-answer judgements: a page against its own totals, a log against its order, a stamp against the call's time
        ['PAGE-TOTAL-CONSISTENT', 'DLV-ORDER', 'MSG-CREATED-AT-NOW', 'WH-STAMPED-NOW'].includes(fault.requirement) ? 1 : 2,
      );
      // the reproduction replays the sequence: a comment per entry, each call as curl
      expect(catching?.reproduction ?? '', fault.id).toMatch(/^# [A-Z0-9-]+: the earlier entries set the state, the last contradicts it\n# #\d+ /);
      expect(catching?.reproduction ?? '', fault.id).toMatch(/curl /);
      expect(run.exitCode, fault.id).toBe(1);
      // and the console and the reports show it with the entry that set the state and the one that contradicts it (the
      // curl sequence itself is not printed for the embedded reference, whose port is gone with the run: issue 25)
      for (const reporter of [consoleReporter, markdownReporter, htmlReporter]) {
        const text = reporter.render(run);
        expect(text, `${fault.id} in ${reporter.name}`).toContain(catching?.id ?? '');
        for (const seq of named.slice(0, 2)) expect(text, `${fault.id} in ${reporter.name}`).toMatch(new RegExp(`#${seq}\\b`));
      }
    }
  }, 600_000);
});
