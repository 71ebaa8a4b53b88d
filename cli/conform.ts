// Entry point of `npm run conform`: argument parsing and wiring only (cli/run-cli.ts).
import { runCli } from './run-cli.js';

process.exitCode = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env });
