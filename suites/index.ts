/**
 * suites/: what is checked. The suite modules register their checks; adding a suite is one line in `suiteLoaders`
 * (load-registry.ts: a module that exports `checks: readonly Check[]`).
 */
export { loadRegistry, suiteModules } from './load-registry.js';
export { runConformance } from './engine/index.js';
export type { RunOptions } from './engine/index.js';
