// Entry point of `npm run conform` and of the package's sms-conform command: argument parsing and wiring only
// (cli/run-cli.ts). --help loads the flag parser and the text, nothing of the engine: it answers at node's start-up speed.
import { parseConformArgs } from './args.js';
import { helpText } from './help-text.js';

const argv = process.argv.slice(2);
const helpOnly = ((): boolean => {
  try {
    return parseConformArgs(argv).help === true;
  } catch {
    return false; // runCli reports the usage error
  }
})();
if (helpOnly) {
  process.stdout.write(helpText);
} else {
  const { runCli } = await import('./run-cli.js');
  process.exitCode = await runCli(argv, { stdout: process.stdout, stderr: process.stderr, env: process.env });
}
