// `npm run conform` and the checkout's other commands: `node scripts/run-compiled.mjs cli/conform/conform.ts [args]`
// runs the command's compiled bundle (scripts/compiled-commands.mjs; built first when a source changed) in this
// process, with the arguments after the entry, as `node <bundle> [args]` would. No transpiler at run time: tsx stays
// for development. SMS_CONFORM_SOURCES=1 runs the TypeScript sources through tsx instead (as every command did before
// decision 28). Never an older bundle: sources that do not compile end it with esbuild's errors (exit 2), and when the
// compiling itself fails (esbuild missing, .compiled/ not writable) the sources run through tsx, saying why. The process is node itself
// (`exec node` in package.json), so the signals npm forwards reach the command (docs/design/stopping.md).
import { pathToFileURL } from 'node:url';

const [entry, ...args] = process.argv.slice(2);
if (entry === undefined) {
  console.error('usage: node scripts/run-compiled.mjs <cli/<command>/<command>.ts> [arguments]');
  process.exit(2);
}
const source = new URL(`../${entry}`, import.meta.url);
let file;
if (process.env.SMS_CONFORM_SOURCES !== '1') {
  const { compiledCommand } = await import('./compiled-commands.mjs');
  try {
    file = await compiledCommand(entry);
  } catch (error) {
    if (Array.isArray(error?.errors) && error.errors.length > 0) {
      console.error(`run-compiled: ${entry} does not compile (esbuild's errors above): fix them and run it again`);
      process.exit(2);
    }
    console.error(`run-compiled: could not compile ${entry} (${error instanceof Error ? error.message : error}): running the sources through tsx instead`);
  }
}
if (file === undefined) {
  const { register } = await import('tsx/esm/api');
  register();
}
process.argv = [process.argv[0], file ?? source.pathname, ...args];
await import(file === undefined ? source.href : pathToFileURL(file).href);
