import type { ReferenceContext } from '../../context.js';
import type { FaultId } from '../catalogue.js';

/**
 * How one fault is applied: it wraps parts of a running reference from outside (`around`, simulator/around.ts) or
 * changes one of its named seams (docs/decisions/0033). Called once, when the reference starts, before it serves.
 */
export type Patch = (ref: ReferenceContext) => void;

/** Patches by fault id: each file of this folder holds those of one area of the service. */
export type Patches = Partial<Record<FaultId, Patch>>;
