import { defaultReporterNames, reporterNames } from '../../reports/reporters.js';
import { defaultReportFolder } from '../../reports/report-folder.js';
import type { OptionDef, OptionGroupDef } from '../options/option-def.js';

/** The sections of the session options in --help. */
export const sessionGroups = {
  session: { title: 'Session (ends on Ctrl-C or SIGTERM, or by itself)' },
  reports: { title: 'Reports' },
} as const satisfies Record<string, OptionGroupDef>;

/** The report folder of a session when no --out is given: its own, so a session never writes over a conform run's reports. */
export function sessionReportFolder(kind: 'proxy' | 'forwarder'): string {
  return `${defaultReportFolder}/${kind === 'proxy' ? 'proxy' : 'forward'}`;
}

/** The options every passive session takes (`npm run proxy`, `npm run receiver -- --forward`), each defined once. */
export const sessionOptions = [
  { key: 'duration', kind: 'number', group: 'session', arg: '<seconds>', defaultNote: 'on Ctrl-C or SIGTERM', help: 'end the session after this long' },
  { key: 'maxExchanges', kind: 'number', group: 'session', arg: '<n>', help: 'end the session after n exchanges' },
  {
    key: 'out',
    kind: 'string',
    group: 'reports',
    arg: '<dir>',
    defaultNote: `${defaultReportFolder}/proxy or ${defaultReportFolder}/forward`,
    help: "reports directory (by default a folder of the session's own, beside conform's reports)",
  },
  {
    key: 'reporter',
    kind: 'list',
    group: 'reports',
    arg: '<name>',
    defaultNote: defaultReporterNames.join(', '),
    help: `a report to write: ${reporterNames.join(', ')}`,
  },
  { key: 'failOn', kind: 'enum', group: 'reports', values: ['must', 'should'], default: 'should', help: 'lowest level whose violations make the exit code 1' },
  { key: 'liveLines', kind: 'number', group: 'reports', arg: '<n>', default: 200, help: 'violations printed as they happen (then only counted)' },
] as const satisfies readonly OptionDef<keyof typeof sessionGroups>[];
