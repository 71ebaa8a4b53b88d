import { flakeDefaults, selftestDefaults } from '../../selftest/index.js';
import { defaultReportFolder } from '../../reports/report-folder.js';
import type { OptionDef } from '../options/option-def.js';
import type { HelpPage } from '../options/render-help.js';

const groups = {
  selftest: { title: 'Self-test' },
  flake: { title: 'Flake control (--flake)' },
  commands: { title: 'Commands' },
} as const;

/** Every option of `npm run selftest`, each defined once: its parser, --help and docs/reference/commands.md are made from it. */
export const selftestOptions = [
  { key: 'fault', kind: 'list', group: 'selftest', arg: '<id>', help: 'only this fault; skips nothing else' },
  { key: 'noClean', kind: 'boolean', group: 'selftest', help: 'skip the clean run' },
  { key: 'full', kind: 'boolean', group: 'selftest', defaultNote: "the checks citing the fault's requirement", help: 'run every suite for each fault' },
  { key: 'runs', kind: 'number', group: 'selftest', arg: '<n>', min: 1, default: selftestDefaults.runs, help: 'property cases per operation' },
  { key: 'seed', kind: 'number', group: 'selftest', arg: '<n>', min: 1, default: selftestDefaults.seed, help: 'fast-check seed' },
  { key: 'concurrency', kind: 'number', group: 'selftest', arg: '<n>', min: 1, default: selftestDefaults.concurrency, help: 'fault runs at once' },
  { key: 'out', kind: 'string', group: 'selftest', arg: '<dir>', default: `${defaultReportFolder}/selftest`, help: 'report folder' },
  {
    key: 'coverage',
    kind: 'boolean',
    group: 'selftest',
    help: 'only print the must-level requirements no fault breaks and none records as unbreakable',
  },
  {
    key: 'flake',
    kind: 'boolean',
    group: 'flake',
    help: 'flake control instead: the clean reference --clean-runs times and every fault --fault-runs times, each with its own seed; reports every result that was not the same every time (writes flake.md); exit 1 when any was unstable',
  },
  { key: 'cleanRuns', kind: 'number', group: 'flake', arg: '<n>', min: 1, default: flakeDefaults.cleanRuns, help: 'clean runs' },
  { key: 'faultRuns', kind: 'number', group: 'flake', arg: '<n>', min: 1, default: flakeDefaults.faultRuns, help: 'runs of each fault' },
  { key: 'help', kind: 'boolean', group: 'commands', help: 'print this text and exit 0' },
] as const satisfies readonly OptionDef<keyof typeof groups>[];

/** The self-test's --help around its options. */
export const selftestHelp: HelpPage = {
  head: `npm run selftest -- [options]

Runs every suite against the clean reference (must conform) and, beside it, each catalogued fault of the reference switched
on alone (each must fail the run on a check that cites the requirement the fault names). Writes
mutation-score.md and mutation-score.json to --out and prints the table.`,
  groups,
  tail: 'Exit codes: 0 when all is well, 1 otherwise, 2 usage error.',
};
