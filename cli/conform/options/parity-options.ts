import { profileNames } from '../../../targets/profile.js';
import type { OptionDef } from '../../options/option-def.js';
import type { OptionGroup } from './option-groups.js';

/** Parity: a second target B run with the same checks and seed (docs/parity.md). */
export const parityOptions = [
  {
    key: 'compare',
    kind: 'string',
    group: 'parity',
    arg: '<t>',
    help: "run the same checks and seed against a second target B (as for --target) and write parity.md/json/html: every behaviour side by side, the spec's verdict on each difference; exit 1 when a difference is not one expected of a simulator",
  },
  { key: 'compareBaseUrl', kind: 'string', group: 'parity', arg: '<url>', help: "B's API origin (for --compare production, or over a URL's default)" },
  { key: 'compareProfile', kind: 'enum', group: 'parity', values: profileNames, defaultNote: 'from --compare', help: "B's profile" },
  {
    key: 'compareApiKey',
    kind: 'string',
    group: 'parity',
    arg: '<key>',
    env: 'CONFORM_COMPARE_API_KEY',
    secret: true,
    help: "B's Growth-tier key, when it is not A's",
  },
  {
    key: 'compareStarterApiKey',
    kind: 'string',
    group: 'parity',
    arg: '<key>',
    env: 'CONFORM_COMPARE_STARTER_API_KEY',
    secret: true,
    help: "B's Starter-tier key, when it is not A's",
  },
  {
    key: 'compareRateLimitApiKey',
    kind: 'string',
    group: 'parity',
    arg: '<key>',
    env: 'CONFORM_COMPARE_RATE_LIMIT_API_KEY',
    secret: true,
    help: "B's rate-limit key, when it is not A's",
  },
  {
    key: 'compareReceiverPort',
    kind: 'number',
    group: 'parity',
    arg: '<n>',
    min: 0,
    max: 65535,
    defaultNote: 'a free port; 4010 when B has the simulator profile',
    help: "loopback port of B's receiver: where a simulator B delivers (A and B run at once, so not A's port)",
  },
  {
    key: 'compareSimulatorWebhookUrl',
    kind: 'string',
    group: 'parity',
    arg: '<url>',
    defaultNote: 'with --compare simulator http://127.0.0.1:4010/simulator-webhook-url',
    help: "B with the simulator profile: the one webhook URL B was started with (a loopback http URL on B's receiver port)",
  },
  { key: 'compareDialect', kind: 'list', group: 'parity', arg: '<spec=target>', help: "B's dialect, as --dialect (B never takes A's)" },
  { key: 'parityRules', kind: 'string', group: 'parity', arg: '<file>', help: 'JSON rules over the defaults (ignored fields, simulator expectations)' },
] as const satisfies readonly OptionDef<OptionGroup>[];
