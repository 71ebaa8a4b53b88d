import type { RunResult } from '../suites/engine/result.js';
import type { Reporter } from './reporter.js';

/** The RunResult as JSON (round-trips). */
export const jsonReporter: Reporter = {
  name: 'json',
  file: 'results.json',
  render: (result: RunResult) => `${JSON.stringify(result, null, 2)}\n`,
};
