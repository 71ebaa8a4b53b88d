import { HarnessError } from '../../targets/index.js';

/** Which layer of the model's promises a run enforces: the spec's (must) or DESIGN.md §4's (should). */
export type ModelLevel = 'must' | 'should';

/** The model levels. */
export const modelLevels: readonly ModelLevel[] = ['must', 'should'];

/** The level, or a HarnessError (INVALID_CHECK) for anything else. */
export function modelLevel(value: string): ModelLevel {
  if ((modelLevels as readonly string[]).includes(value)) return value as ModelLevel;
  throw new HarnessError('INVALID_CHECK', `Unknown model level "${value}": use one of ${modelLevels.join(', ')}.`);
}
