// Entry point of `npm run conform` and of the package's sms-conform command: argument parsing and wiring only
// (cli/conform/run-cli.ts). --help loads the flag parser and the text, nothing of the engine: it answers at node's start-up speed.
import { exitWhenFlushed, stopOnSignal } from '../../targets/stop-on-signal.js';
import { parseConformArgs } from './args.js';
import type { ConformArgs } from './args.js';
import { startsEmbeddedReference } from './early-warm.js';
import { helpText } from './help-text.js';

const argv = process.argv.slice(2);
const args = ((): ConformArgs | undefined => {
  try {
    return parseConformArgs(argv);
  } catch {
    return undefined; // runCli reports the usage error
  }
})();
const helpOnly = args?.help === true;
if (helpOnly) {
  process.stdout.write(helpText);
} else {
  // SIGINT/SIGTERM (or the npm process that started it gone): the run stops, writes its partial reports, and the
  // command ends with 130/143 (docs/design/stopping.md)
  const stop = stopOnSignal();
  if (args !== undefined && startsEmbeddedReference(args)) (await import('../../targets/reference-thread.js')).warmReferenceThread();
  const { runCli } = await import('./run-cli.js');
  const { tuneForShortRun } = await import('./short-run.js');
  const code = await runCli(argv, { stdout: process.stdout, stderr: process.stderr, env: process.env, signal: stop.signal, beforeRun: tuneForShortRun });
  stop.dispose();
  // a stopped run ends now: idle keep-alive sockets or the reference's idle thread must not hold it up
  if (stop.received) exitWhenFlushed(code);
  process.exitCode = code;
}
