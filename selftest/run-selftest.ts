import { runConformance, runPool } from '../suites/engine/index.js';
import type { RunResult } from '../suites/engine/index.js';
import { requirementById } from '../spec/requirements.js';
import { referenceFaults, referenceTarget } from '../targets/index.js';
import type { ReferenceFault } from '../targets/index.js';
import { judgeFault, missed } from './fault-outcome.js';
import type { FaultOutcome } from './fault-outcome.js';

/** Options of a self-test run. */
export interface SelftestOptions {
  /** Fault ids to run (default: the whole catalogue); an unknown id throws. */
  readonly faults?: readonly string[];
  readonly seed?: number;
  /** Property cases per operation (default 20: boundaries run first, so a reduced count still catches). */
  readonly runs?: number;
  /** Fault runs at once (default 8: a fault run mostly waits, e.g. out the 5 s delivery bound; 4 took 26.9 s, 8 16.2 s on 2 quiet cores). */
  readonly concurrency?: number;
  /** Run every suite for each fault, not only the checks that cite its requirement (slower; for the flake command). */
  readonly fullSuitesPerFault?: boolean;
  /** Skip the clean run (e.g. when only some faults are asked for). */
  readonly skipClean?: boolean;
  /** Run only the clean reference, no fault. */
  readonly onlyClean?: boolean;
  readonly onProgress?: (line: string) => void;
}

/** The self-test's outcome: the clean run, each fault's outcome, and the mutation score. */
export interface SelftestResult {
  readonly seed: number;
  readonly runs: number;
  readonly clean?: RunResult;
  readonly faults: readonly FaultOutcome[];
  readonly score: { readonly caught: number; readonly total: number; readonly percent: number };
  readonly durationMs: number;
  /** True when the clean run conforms and every fault is caught. */
  readonly ok: boolean;
}

/** The seed, property cases per operation and fault runs at once when none is given (npm run selftest shows them). */
export const selftestDefaults = { seed: 20261121, runs: 20, concurrency: 8 } as const;

/**
 * Runs the suites against the clean reference (must conform: no failure at must or should level) and, beside it, against
 * the reference with each catalogued fault switched on, one fault per run (each must fail on a check citing its requirement).
 */
export async function runSelftest(options: SelftestOptions = {}): Promise<SelftestResult> {
  const started = Date.now();
  const seed = options.seed ?? selftestDefaults.seed;
  const runs = options.runs ?? selftestDefaults.runs;
  const progress = options.onProgress ?? (() => {});
  const faults = options.onlyClean ? [] : selectFaults(await referenceFaults(), options.faults);

  // the clean run beside the fault runs, not before them (issue 28): each run has a reference of its own, and the
  // fault runs mostly wait (a delivery that never comes waits its bound), so the clean run's work fills that time
  const cleanRun = options.skipClean
    ? Promise.resolve(undefined)
    : runConformance({ target: referenceTarget(), seed, runs }).then((run) => {
        progress(
          `clean reference: ${run.verdict} (${run.summary.byStatus.passed} passed, ${run.summary.byStatus.failed} failed, ${run.summary.byStatus.errored} errored, ${run.summary.byStatus.skipped} skipped) in ${run.durationMs} ms`,
        );
        return run;
      });
  let done = 0;
  const faultRuns = runPool(faults, options.concurrency ?? selftestDefaults.concurrency, async (fault) => {
    let outcome: FaultOutcome;
    try {
      const run = await runConformance({
        target: referenceTarget({ faults: [fault.id], mode: modeFor(fault) }),
        seed,
        runs,
        ...(options.fullSuitesPerFault ? {} : { selection: { requirements: [fault.requirement] } }),
      });
      outcome = judgeFault(fault, run);
    } catch (error) {
      // e.g. no check cites the requirement: the selection is empty, which is a miss, not a crash of the self-test
      outcome = missed(fault, (error as Error).message);
    }
    const run = { durationMs: outcome.durationMs };
    progress(
      `[${++done}/${faults.length}] ${outcome.caught ? 'caught' : 'MISSED'} ${fault.id} (${fault.requirement}) in ${run.durationMs} ms${outcome.caught ? ` by ${outcome.caughtBy.join(', ')}` : `: ${outcome.reason}`}`,
    );
    return outcome;
  });
  const [clean, outcomes]: [RunResult | undefined, FaultOutcome[]] = await Promise.all([cleanRun, faultRuns]);
  const caught = outcomes.filter((o) => o.caught).length;
  const total = outcomes.length;
  return {
    seed,
    runs,
    ...(clean ? { clean } : {}),
    faults: outcomes,
    score: { caught, total, percent: total === 0 ? 100 : Math.round((caught / total) * 1000) / 10 },
    durationMs: Date.now() - started,
    ok: (clean === undefined || clean.exitCode === 0) && caught === total,
  };
}

function selectFaults(catalogue: readonly ReferenceFault[], ids: readonly string[] | undefined): readonly ReferenceFault[] {
  if (!ids || ids.length === 0) return catalogue;
  const unknown = ids.filter((id) => !catalogue.some((f) => f.id === id));
  if (unknown.length > 0) {
    throw new RangeError(`Unknown fault ${unknown.join(', ')}: choose from ${catalogue.map((f) => f.id).join(', ')}.`);
  }
  return catalogue.filter((f) => ids.includes(f.id));
}

/** A fault of a simulator-only requirement (spec §8 Development simulator) runs against the reference in simulator mode. */
function modeFor(fault: ReferenceFault): 'production' | 'simulator' {
  const profiles = requirementById(fault.requirement)?.profiles;
  return profiles && profiles.includes('simulator') && !profiles.includes('reference') ? 'simulator' : 'production';
}
