/** How a requirement counts (spec/requirements.yaml, DESIGN.md §3): stated by the spec, decided where it is silent, or only recorded. */
export type Level = 'must' | 'should' | 'observe';

/** The levels, strictest first. */
export const LEVELS: readonly Level[] = ['must', 'should', 'observe'];
