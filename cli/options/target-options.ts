import { profileNames } from '../../targets/profile.js';
import type { OptionDef } from './option-def.js';

/** The target, its keys and the container target (one row per option: README "Where to add an option"). */
export const targetOptions = [
  {
    key: 'target',
    kind: 'string',
    group: 'target',
    short: 't',
    arg: '<t>',
    default: 'reference',
    help: 'reference (embedded), simulator (http://127.0.0.1:4001), production (needs --base-url), container (needs --image), or a URL; also reference:simulator and reference+fault:<id>[,<id>]',
  },
  { key: 'baseUrl', kind: 'string', group: 'target', arg: '<url>', help: 'the API origin without /v1' },
  { key: 'profile', kind: 'enum', group: 'target', values: profileNames, defaultNote: 'from --target; a URL: production', help: 'what kind of target it is, and so which checks apply' },
  {
    key: 'config',
    kind: 'string',
    group: 'target',
    short: 'c',
    arg: '<file>',
    config: false,
    help: 'conform.config.json or .ts: every option as a key named as its flag in camelCase (--fail-on is failOn; a repeatable flag\'s key holds a list); ${ENV} is expanded; flags and environment variables win',
  },
  { key: 'fault', kind: 'list', group: 'target', arg: '<id>', deprecatedKeys: ['faults'], help: 'reference only: switch on a named fault' },
  { key: 'apiKey', kind: 'string', group: 'keys', arg: '<key>', env: 'CONFORM_API_KEY', secret: true, help: 'the Growth-tier key' },
  { key: 'starterApiKey', kind: 'string', group: 'keys', arg: '<key>', env: 'CONFORM_STARTER_API_KEY', secret: true, help: 'the Starter-tier key' },
  { key: 'rateLimitApiKey', kind: 'string', group: 'keys', arg: '<key>', env: 'CONFORM_RATE_LIMIT_API_KEY', secret: true, help: 'a key the rate-limit check may exhaust' },
  {
    key: 'image',
    kind: 'string',
    group: 'container',
    arg: '<name[:tag]>',
    help: 'the local image to start (npm run image builds sms-reference:local); started with host networking and removed after the run (image/README.md)',
  },
  { key: 'containerEnv', kind: 'list', group: 'container', arg: '<K=V>', help: 'the container\'s environment, e.g. SIM_FAULTS=<fault id>' },
  { key: 'containerPort', kind: 'number', group: 'container', arg: '<n>', min: 1, max: 65535, defaultNote: 'a free loopback port', help: 'the API port inside, passed as SIM_API_PORT' },
  { key: 'startupTimeout', kind: 'number', group: 'container', arg: '<ms>', min: 1, defaultNote: '30000', help: 'time the container has to answer GET /v1/user/me' },
] as const satisfies readonly OptionDef[];
