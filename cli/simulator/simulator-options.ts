import {
  receiverPublicAddress,
  receiverPublicOrigin,
  referenceFailingNumber,
  simulatorApiPort,
  simulatorUiPort,
  simulatorWebhookUrl,
} from '../../spec/simulator-defaults.js';
import type { OptionDef } from '../options/option-def.js';
import type { HelpPage } from '../options/render-help.js';

const groups = {
  service: { title: 'Service' },
  deliveries: { title: 'Webhook deliveries' },
  conventions: { title: 'Target conventions (docs/conventions.md)' },
  commands: { title: 'Commands' },
} as const;

/** Every option of `npm run simulator`, each defined once: its parser, --help and docs/reference/commands.md are made from it. */
export const simulatorOptions = [
  {
    key: 'mode',
    kind: 'enum',
    group: 'service',
    values: ['production', 'simulator'],
    default: 'simulator',
    env: 'SIM_MODE',
    help: 'simulator: any key, no rate limit, events also to --webhook-url; production: keys with tiers (--key), 401, 100 requests/min/key',
  },
  { key: 'apiPort', kind: 'number', group: 'service', arg: '<n>', max: 65535, default: simulatorApiPort, env: 'SIM_API_PORT', help: 'API port' },
  { key: 'uiPort', kind: 'number', group: 'service', arg: '<n>', max: 65535, default: simulatorUiPort, env: 'SIM_UI_PORT', help: 'virtual-phone UI port' },
  { key: 'noUi', kind: 'boolean', group: 'service', help: 'no web UI' },
  { key: 'host', kind: 'string', group: 'service', arg: '<addr>', default: '127.0.0.1', help: 'listen address' },
  {
    key: 'key',
    kind: 'list',
    group: 'service',
    arg: '<key:tier[:rate]>',
    env: 'SIM_KEYS',
    help: 'production mode: a key, tier growth|starter, requests/min or none (the variable: a comma list)',
  },
  {
    key: 'fault',
    kind: 'list',
    group: 'service',
    arg: '<id>',
    env: 'SIM_FAULTS',
    help: 'switch on a named fault (--fault list prints them; the variable: a comma list)',
  },
  {
    key: 'failingNumber',
    kind: 'list',
    group: 'service',
    arg: '<e164>',
    env: 'SIM_FAILING_NUMBERS',
    defaultNote: referenceFailingNumber,
    help: 'recipient whose messages end in failed',
  },
  { key: 'stepMs', kind: 'number', group: 'service', arg: '<n>', default: 1000, env: 'SIM_STEP_MS', help: 'time between lifecycle statuses' },
  {
    key: 'webhookUrl',
    kind: 'string',
    group: 'deliveries',
    arg: '<url>',
    env: 'SIM_WEBHOOK_URL',
    defaultNote: `${simulatorWebhookUrl}, where conform --target simulator listens`,
    help: 'the one URL every event is also sent to (loopback only)',
  },
  { key: 'retryAttempts', kind: 'number', group: 'deliveries', arg: '<n>', min: 1, default: 3, env: 'SIM_RETRY_ATTEMPTS', help: 'delivery attempts per event' },
  { key: 'retryBaseMs', kind: 'number', group: 'deliveries', arg: '<n>', default: 1000, env: 'SIM_RETRY_BASE_MS', help: 'first retry delay, doubling after' },
  {
    key: 'egress',
    kind: 'list',
    group: 'deliveries',
    arg: '<origin=loopback>',
    defaultNote: `${receiverPublicOrigin}=http://127.0.0.1:<the --webhook-url port>`,
    help: 'deliveries to ORIGIN go to this loopback origin instead',
  },
  {
    key: 'resolve',
    kind: 'list',
    group: 'deliveries',
    arg: '<host=ip[,ip]>',
    defaultNote: `${new URL(receiverPublicOrigin).hostname}=${receiverPublicAddress}, never contacted`,
    help: 'static resolver entry for webhook URL checks; no DNS is ever queried',
  },
  {
    key: 'trustedCa',
    kind: 'string',
    group: 'deliveries',
    arg: '<file>',
    env: 'SIM_TRUSTED_CA_FILE',
    help: "PEM of a CA trusted for HTTPS deliveries (e.g. the receiver's)",
  },
  {
    key: 'templates',
    kind: 'string',
    group: 'conventions',
    arg: '<file>',
    env: 'SIM_TEMPLATES_FILE',
    help: "the template catalogue to serve instead of DESIGN.md §4's (JSON, the format of conform --templates; every variant needs its text)",
  },
  {
    key: 'signatureScheme',
    kind: 'string',
    group: 'conventions',
    arg: '<name>',
    env: 'SIM_SIGNATURE_SCHEME',
    defaultNote: 'service',
    help: 'service | standard-webhooks | github',
  },
  {
    key: 'signatureHeader',
    kind: 'string',
    group: 'conventions',
    arg: '<name>',
    env: 'SIM_SIGNATURE_HEADER',
    defaultNote: 'Service-Signature',
    help: 'service scheme: the signature header',
  },
  { key: 'help', kind: 'boolean', group: 'commands', help: 'print this text and exit 0' },
] as const satisfies readonly OptionDef<keyof typeof groups>[];

/** The simulator's --help around its options. */
export const simulatorHelp: HelpPage = {
  head: `usage: npm run simulator -- [options]

The reference SMS API as a development simulator (spec §8): API on 127.0.0.1:${simulatorApiPort}, virtual-phone UI on :${simulatorUiPort}.
Flags win over the environment variables.`,
  groups,
  tail: `Deliveries only ever go to loopback addresses (the egress guard); anything else is recorded as a failed delivery
with status_code null, without a connection. With the defaults, \`npm run conform -- --target simulator\` tests it;
otherwise the simulator prints at start the conform command that does. Stop with Ctrl-C.`,
};
