/** Public entry of the fault catalogue. */
export { faultCatalogue } from './catalogue.js';
export type { Fault, FaultId } from './catalogue.js';
export { FaultSet } from './fault-set.js';
