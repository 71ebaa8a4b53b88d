import { HarnessError } from './harness-error.js';
import { joinUrl, randomKey, receiverPublicOrigin } from './keys.js';
import type { Profile } from './profile.js';
import type { Target, TargetKeys } from './target.js';
import { urlTargetConventions, withConventions } from './target-conventions.js';
import type { ConventionSettings } from './target-conventions.js';

/** Keys as configured for a URL target (CLI flags, env, config file). */
export interface ConfiguredKeys {
  growth?: string;
  starter?: string;
  rateLimit?: string;
  secondGrowth?: string;
}

/** Options of a URL target beyond its base URL and profile. */
export interface UrlTargetOptions {
  name?: string;
  /** The public origin under which the target reaches the receiver (default hooks.conformance.example). */
  receiverOrigin?: string;
  /** What the user says about the target where the spec is silent (default: only the spec's Service-Signature). */
  conventions?: ConventionSettings;
  /** The loopback port the target delivers to (a simulator's routing, spec §8); default a free port. */
  receiverPort?: number;
  /** The receiver path of a simulator's one configured webhook URL (spec §8), when known. */
  oneWebhookPath?: string;
}

// spec §5.2: the simulator accepts any key, so a placeholder is enough there
const simulatorPlaceholderKey = 'conform-simulator-key';

/** A target already running at a URL (a simulator, a production deployment, a container). */
export function urlTarget(baseUrl: string, profile: Profile, keys: ConfiguredKeys, options: UrlTargetOptions = {}): Target {
  const origin = parseBaseUrl(baseUrl);
  const growth = keys.growth ?? (profile.auth ? undefined : simulatorPlaceholderKey);
  if (growth === undefined) {
    throw new MissingKeyError(origin, `No API key for the ${profile.name} target ${origin}: pass --api-key or set CONFORM_API_KEY.`);
  }
  const targetKeys: TargetKeys = {
    growth,
    ...(keys.starter === undefined ? {} : { starter: keys.starter }),
    ...(keys.rateLimit === undefined ? {} : { rateLimit: keys.rateLimit }),
    ...(keys.secondGrowth === undefined ? {} : { secondGrowth: keys.secondGrowth }),
    unknown: randomKey('conform_unknown'),
  };
  const receiverOrigin = options.receiverOrigin ?? receiverPublicOrigin;
  return {
    name: options.name ?? profile.name,
    profile,
    baseUrl: origin,
    keys: targetKeys,
    conventions: withConventions(urlTargetConventions, options.conventions),
    receiverUrl: (path) => joinUrl(receiverOrigin, path),
    receiverForwarded: options.receiverOrigin !== undefined,
    ...(options.receiverPort === undefined ? {} : { receiverPort: options.receiverPort }),
    ...(options.oneWebhookPath === undefined ? {} : { oneWebhookPath: options.oneWebhookPath }),
    start: async () => {},
    stop: async () => {},
    describe: () => ({ name: options.name ?? profile.name, profile: profile.name, baseUrl: origin }),
  };
}

/** MISSING_KEY for a URL target: the origin it names, so the CLI can say first when nothing answers there (issue 34). */
export class MissingKeyError extends HarnessError {
  constructor(
    readonly origin: string,
    message: string,
  ) {
    super('MISSING_KEY', message);
  }
}

/** Validates a base URL and returns its origin plus path without a trailing slash or /v1 (spec §9). */
export function parseBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new HarnessError('USAGE', `Invalid base URL "${baseUrl}": give an absolute http(s) URL such as http://127.0.0.1:4001.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HarnessError('USAGE', `Invalid base URL "${baseUrl}": only http and https are supported.`);
  }
  if (url.username || url.password) {
    throw new HarnessError('USAGE', `Invalid base URL: do not put credentials in the URL; pass --api-key instead.`);
  }
  // spec §9: the base address is the origin without /v1; the paths add it
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  return `${url.origin}${path}`;
}
