import { didYouMean } from '../../suites/checks/index.js';
import { HarnessError, referenceFaults } from '../../targets/index.js';

/** Refuses unknown --fault ids (also in a reference+fault:<ids> target) before anything starts, with a "did you mean". */
export async function assertKnownFaults(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const known = new Set((await referenceFaults()).map((fault) => fault.id));
  const unknown = ids.find((id) => !known.has(id));
  if (unknown === undefined) return;
  throw new HarnessError('USAGE', `Unknown --fault "${unknown}".${didYouMean(unknown, known)} --fault list prints the catalogue.`);
}

/** The fault ids a run names: --fault, and those of a `reference+fault:<ids>` target. */
export function faultsNamed(faults: readonly string[], ...targetSpecs: readonly (string | undefined)[]): string[] {
  const fromSpecs = targetSpecs.flatMap((spec) =>
    spec?.startsWith('reference+fault:') ? spec.slice('reference+fault:'.length).split(',').filter(Boolean) : [],
  );
  return [...faults, ...fromSpecs];
}
