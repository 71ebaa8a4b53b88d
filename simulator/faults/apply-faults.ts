import { around } from '../around.js';
import type { ReferenceContext } from '../context.js';
import { faultPatches } from './patches/index.js';

/**
 * Applies the faults switched on to a reference that does not serve yet: each wraps the parts it breaks. With faults
 * on, a crash is usually a fault's point (e.g. typeof-null-body): it is said in one line naming them, so that the
 * self-test's output is not buried in stack traces.
 */
export function applyFaults(ref: ReferenceContext): void {
  const ids = ref.faults.ids;
  for (const id of ids) faultPatches[id as keyof typeof faultPatches]?.(ref);
  if (ids.length === 0) return;
  around(ref.api, 'unexpected', (_, err) =>
    console.error(`reference (faults: ${ids.join(', ')}): unexpected error: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`),
  );
}
