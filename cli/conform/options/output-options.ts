import { defaultReportFolder } from '../../../reports/report-folder.js';
import type { OptionDef } from '../../options/option-def.js';
import type { OptionGroup } from './option-groups.js';

/** Shards, reports and the commands that print and exit. */
export const outputOptions = [
  {
    key: 'shard',
    kind: 'string',
    group: 'shards',
    arg: '<i>/<n>',
    config: false,
    help: 'run slice i of n (needs --seed, the same on every shard) and write the mergeable shard-i-of-n.json into --out; no other report files',
  },
  {
    key: 'merge',
    kind: 'string',
    group: 'shards',
    arg: '<dir>',
    config: false,
    help: 'merge every shard-*-of-*.json under <dir> into the reports and exit code of the whole run; a missing, duplicate or disagreeing slice is an error (exit 2)',
  },
  { key: 'out', kind: 'string', group: 'reports', short: 'o', arg: '<dir>', default: defaultReportFolder, help: 'the report folder' },
  {
    key: 'reporter',
    kind: 'list',
    group: 'reports',
    arg: '<name>',
    deprecatedKeys: ['reporters'],
    defaultNote: 'junit, json, markdown, html, console',
    help: 'a report to write besides the default ones (with --only-reporters: instead of them): junit, json, markdown, html, console, github-actions (::error annotations, one per root failure), har (exchanges.har: every request and response, redacted, bodies cut at 64 KB), ctrf (ctrf.json: the Common Test Report Format of CI dashboards)',
  },
  {
    key: 'onlyReporters',
    kind: 'boolean',
    group: 'reports',
    help: 'write only the reports --reporter names, not the default ones; the verdict line is printed either way',
  },
  { key: 'list', kind: 'boolean', group: 'commands', config: false, help: 'print what would run (ids, requirements, levels, skip reasons) and exit 0' },
  {
    key: 'plan',
    kind: 'boolean',
    group: 'commands',
    config: false,
    help: 'print which checks would run, with their requests (per key) and billable sends, the case scale and the expected wall time at 100 requests/min/key, and exit 0 (sends nothing; needs no key)',
  },
  { key: 'help', kind: 'boolean', group: 'commands', short: 'h', config: false, help: 'print this text and exit 0' },
] as const satisfies readonly OptionDef<OptionGroup>[];
