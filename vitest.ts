/**
 * The vitest entry of the package (export "./vitest"): the conformance checks as tests of the user's own vitest run.
 * vitest is an optional peer dependency: only this entry imports it.
 */
export { conformanceSuite } from './cli/conform/vitest-suite.js';
export type { ConformanceSuiteOptions } from './cli/conform/vitest-suite.js';
