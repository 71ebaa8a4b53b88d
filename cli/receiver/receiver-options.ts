import { schemeNames } from '../../receiver/index.js';
import type { OptionDef } from '../options/option-def.js';
import type { HelpPage } from '../options/render-help.js';
import { sessionGroups, sessionOptions } from '../shared/session-options.js';

const groups = {
  receiver: { title: 'Receiver' },
  forwarder: {
    title: 'Forwarder (--forward)',
    note: "each delivery is verified, its payload graded per event (spec §6), passed on unchanged (same bytes, same headers) and your endpoint's answer goes back to the target",
  },
  ...sessionGroups,
  commands: { title: 'Commands' },
} as const;

/** Every option of `npm run receiver`, each defined once: its parser, --help and docs/reference/commands.md are made from it. */
export const receiverOptions = [
  { key: 'port', kind: 'number', group: 'receiver', arg: '<n>', max: 65535, default: 0, help: 'http port (0 picks a free one)' },
  {
    key: 'httpsPort',
    kind: 'number',
    group: 'receiver',
    arg: '<n>',
    max: 65535,
    default: 0,
    help: 'https port, self-signed (0 picks a free one; not with --forward)',
  },
  {
    key: 'secret',
    kind: 'list',
    group: 'receiver',
    arg: '<s>',
    secret: true,
    help: 'a signing secret deliveries are verified with; RECEIVER_SECRETS adds a comma-separated list; never printed',
  },
  // a string, not an enum: getScheme refuses an unknown one with its own message (unknown signature scheme "md5")
  { key: 'scheme', kind: 'string', group: 'receiver', arg: '<name>', default: 'service', help: `the signature scheme: ${schemeNames.join(' | ')}` },
  { key: 'header', kind: 'string', group: 'receiver', arg: '<name>', defaultNote: "the scheme's", help: 'the signature header' },
  { key: 'tolerance', kind: 'number', group: 'receiver', arg: '<seconds>', default: 300, help: 'how old a signed timestamp may be' },
  { key: 'maxBody', kind: 'number', group: 'receiver', arg: '<bytes>', default: 1024 * 1024, help: 'the largest delivery body taken' },
  {
    key: 'forward',
    kind: 'string',
    group: 'forwarder',
    arg: '<url>',
    help: "your own webhook endpoint (http on 127.0.0.1, ::1 or localhost; the delivery's path is appended)",
  },
  ...sessionOptions,
  { key: 'help', kind: 'boolean', group: 'commands', short: 'h', help: 'print this text and exit 0' },
] as const satisfies readonly OptionDef<keyof typeof groups>[];

/** The receiver's --help around its options. */
export const receiverHelp: HelpPage = {
  head: `usage: npm run receiver -- [options]
       npm run receiver -- --forward <loopback url> [options]   (the webhook forwarder of passive conformance)

A webhook receiver that prints and verifies every delivery; the session and report options apply to --forward.`,
  groups,
  tail: 'Exit codes (--forward): 0 no violation at the fail-on level, 1 violations, 2 usage error or nothing graded.',
};
