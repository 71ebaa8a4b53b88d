import type { RunResult } from '../results/run-result.js';
import type { Reporter } from './reporter.js';
import { jsonText } from './json-text.js';

/** The RunResult as JSON: all of it, uncut (it is data), written through jsonText (round-trips, safe to print). */
export const jsonReporter: Reporter = {
  name: 'json',
  file: 'results.json',
  render: (result: RunResult) => jsonText(result),
};
