import { runParity } from '../../parity/index.js';
import type { ParityResult, ParityRow } from '../../parity/index.js';
import type { Selection } from '../../suites/checks/index.js';
import { referenceTarget } from '../../targets/index.js';
import type { ReferenceTargetOptions } from '../../targets/index.js';

/** Runs parity of the embedded reference (A) against a reference variant (B) on a selection. */
export function referenceParity(b: ReferenceTargetOptions, selection: Selection, seed: number, runs = 3): Promise<ParityResult> {
  return runParity({
    a: { target: referenceTarget(), spec: 'reference' },
    b: { target: referenceTarget(b), spec: b.mode === 'simulator' ? 'reference:simulator' : `reference+fault:${(b.faults ?? []).join(',')}` },
    selection,
    seed,
    runs,
    concurrency: 4,
  });
}

/** The compared rows that differ. */
export function differences(result: ParityResult): ParityRow[] {
  return result.rows.filter((row) => row.compared && !row.same);
}

/** A short text of rows for assertion messages. */
export function describeRows(rows: readonly ParityRow[]): string {
  return rows.map((row) => `${row.check?.id ?? 'run'} ${row.kind} ${row.behaviour.slice(0, 80)}: ${(row.details ?? []).join('; ').slice(0, 300)}`).join('\n');
}
