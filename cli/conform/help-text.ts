import { renderHelp } from '../options/render-help.js';
import { optionGroups } from './options/option-groups.js';
import { optionTable } from './options/option-table.js';

/** The text of conform --help (generated from cli/conform/options/option-table.ts). */
export const helpText = renderHelp(optionTable, {
  head: `Usage: npm run conform -- [options]   (installed as a package: npx sms-conform [options])

Runs the conformance suites against a target and writes reports. Every option but the commands is also a key of
the --config file, named as its flag in camelCase; flags win over environment variables, which win over the file.`,
  groups: optionGroups,
  tail: `Exit codes: 0 conforms, 1 does not conform, 2 usage or set-up error, 3 inconclusive (nothing failed, but the
machine was too slow to judge some checks: SLOW_RUN).

Passive conformance (your own traffic, no requests of ours): npm run proxy -- --target <url> --port <p>
and the webhook forwarder npm run receiver -- --forward <loopback url> (docs/passive.md).
`,
});
