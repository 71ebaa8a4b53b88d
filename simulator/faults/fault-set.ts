import { ReferenceConfigError } from '../errors.js';
import { faultCatalogue } from './catalogue.js';
import type { FaultId } from './catalogue.js';

/** The faults switched on for one reference instance. */
export class FaultSet {
  private readonly on: Set<string>;

  constructor(ids: readonly string[]) {
    const known = new Set<string>(faultCatalogue.map((x) => x.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw new ReferenceConfigError('unknown_fault', `unknown fault id ${unknown.map((u) => `"${u}"`).join(', ')}: use one of ${[...known].join(', ')}`);
    }
    this.on = new Set(ids);
  }

  /** The faults switched on, in catalogue order. */
  get ids(): readonly string[] {
    return faultCatalogue.map((x) => x.id).filter((id) => this.on.has(id));
  }

  /** True when the fault is switched on. */
  has(id: FaultId): boolean {
    return this.on.has(id);
  }
}
