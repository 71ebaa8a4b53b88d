import { signatureSchemeNames } from '../../../targets/target-conventions.js';
import type { OptionDef } from '../../options/option-def.js';
import type { OptionGroup } from './option-groups.js';

/** Target conventions: what the spec leaves to the target (docs/conventions.md). */
export const conventionOptions = [
  {
    key: 'templates',
    kind: 'string',
    group: 'conventions',
    arg: '<file.json>',
    configObject: true,
    help: "the target's template catalogue: ids, variables (values to send, {token} marks one the text shows), variants; in the config file a path or the catalogue itself",
  },
  {
    key: 'fixtureTemplate',
    kind: 'string',
    group: 'conventions',
    arg: '<id>',
    defaultNote: 'the catalogue\'s "fixture", else its first',
    help: "the catalogue's template the checks and fixtures send",
  },
  {
    key: 'signatureScheme',
    kind: 'enum',
    group: 'conventions',
    values: signatureSchemeNames,
    defaultNote: 'service',
    help: 'how deliveries are signed: service is t=<unix>,v1=<hex> under --signature-header',
  },
  { key: 'signatureHeader', kind: 'string', group: 'conventions', arg: '<name>', defaultNote: 'Service-Signature', help: "the service scheme's header" },
  {
    key: 'failingRecipient',
    kind: 'list',
    group: 'conventions',
    arg: '<e164>',
    deprecatedKeys: ['failingRecipients'],
    help: 'a recipient the target fails on purpose, so message.failed is checked',
  },
  { key: 'sharedSender', kind: 'string', group: 'conventions', arg: '<e164>', help: 'the number a Starter send-template without from comes from' },
  {
    key: 'inboundTrigger',
    kind: 'string',
    group: 'conventions',
    arg: '"<METHOD> <url> [<body>]"',
    defaultNote: '--target simulator: its virtual phone on port 4000',
    help: 'how to make the target receive an inbound message (spec §6, a virtual phone), with {from}, {to} and {message} where they go, e.g. \'POST http://127.0.0.1:4000/ui/phones/{from}/send {"to":"{to}","message":"{message}"}\'; without it message.received is not checked',
  },
  {
    key: 'dialect',
    kind: 'list',
    group: 'conventions',
    arg: '<spec=target>',
    help: "a name the target gives where the spec gives another, so every check runs through the mapping (each mapped name still fails its requirement once): message=body (a field everywhere), sendMessage.message=body (one operation's), list=messages (GET /v1/messages' envelope key), pagination.has_more=hasMore, pagination.offset=offset (an item offset where DESIGN.md §4 has page)",
  },
] as const satisfies readonly OptionDef<OptionGroup>[];
