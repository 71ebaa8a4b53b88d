import type { OptionDef } from '../options/option-def.js';
import type { HelpPage } from '../options/render-help.js';
import { sessionGroups, sessionOptions } from '../shared/session-options.js';

/** The proxy's default port: clear of the simulator's 4000/4001 and the receiver's 4010 (spec/simulator-defaults.ts). */
const proxyDefaultPort = 4020;

const groups = { proxy: { title: 'Proxy' }, ...sessionGroups, commands: { title: 'Commands' } } as const;

/** Every option of `npm run proxy`, each defined once: its parser, --help and docs/reference/commands.md are made from it. */
export const proxyOptions = [
  { key: 'target', kind: 'string', group: 'proxy', arg: '<url>', help: 'the API origin without /v1 (required but with --har), e.g. http://127.0.0.1:4001' },
  {
    key: 'har',
    kind: 'string',
    group: 'proxy',
    arg: '<file>',
    help: 'grade a recorded HAR file (devtools, mitmproxy, Newman, k6) offline instead of listening: the same graders, history rules and reports',
  },
  { key: 'port', kind: 'number', group: 'proxy', arg: '<n>', max: 65535, default: proxyDefaultPort, help: 'loopback port (0 picks a free one)' },
  { key: 'host', kind: 'string', group: 'proxy', arg: '<addr>', defaultNote: '127.0.0.1', help: 'loopback address to listen on (127.0.0.1 or ::1)' },
  {
    key: 'annotate',
    kind: 'boolean',
    group: 'proxy',
    help: 'add `x-conformance-violations` to each answer (grades before answering; off by default)',
  },
  {
    key: 'maxBody',
    kind: 'number',
    group: 'proxy',
    arg: '<bytes>',
    default: 1024 * 1024,
    help: 'bytes of each body kept for grading (longer bodies pass ungraded)',
  },
  { key: 'timeout', kind: 'number', group: 'proxy', arg: '<ms>', default: 30_000, help: 'how long the target may stay silent (then 504)' },
  ...sessionOptions,
  { key: 'help', kind: 'boolean', group: 'commands', short: 'h', help: 'print this text and exit 0' },
] as const satisfies readonly OptionDef<keyof typeof groups>[];

/** The proxy's --help around its options. */
export const proxyHelp: HelpPage = {
  head: `usage: npm run proxy -- --target <url> [options]

Forwards every request to the target unchanged and grades each exchange against the contract off the hot path;
point your client (SDK tests, app, Postman) at the printed loopback URL instead of the target.`,
  groups,
  tail: 'Exit codes: 0 no violation at the fail-on level, 1 violations, 2 usage error or nothing graded.',
};
