import type { RunResult } from '../suites/engine/result.js';
import type { Reporter } from './reporter.js';
import { visible } from './safe-text.js';

/**
 * The RunResult as JSON: all of it, uncut (it is data). It round-trips; C1 and bidi control characters, which
 * JSON.stringify leaves raw, are written as \u escapes so the file is safe to print; a BigInt is written as text.
 */
export const jsonReporter: Reporter = {
  name: 'json',
  file: 'results.json',
  render: (result: RunResult) => `${visible(JSON.stringify(result, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value), 2))}\n`,
};
