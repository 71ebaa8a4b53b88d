// Side effect only: puts the environment's flags in front of the command line before cli/simulator/simulator.ts reads it
// (imported first by entry.ts; ESM evaluates imports in order). Flags given to `docker run IMAGE ...` still win.
import { simulatorArgvFromEnv } from './env-argv.js';

process.argv.splice(2, 0, ...simulatorArgvFromEnv(process.env));
