import { URL } from 'node:url';
import { receiverPublicAddress, receiverPublicOrigin } from '../keys.js';
import { referenceFailingNumbers } from '../target-conventions.js';
import type { TargetKeys, TargetStartContext } from '../target.js';
import type { ContainerNetworkMode } from './container-network-mode.js';

const rateLimitedPerMinute = 100; // spec §8: production rate

/** What the environment of a reference image needs for one run. */
export interface ReferenceImageSettings {
  readonly port: number;
  readonly networkMode: ContainerNetworkMode;
  /** Keys to create in the image (SIM_KEYS), or undefined when the image already knows its keys. */
  readonly keys: TargetKeys | undefined;
  readonly receiver: TargetStartContext['receiver'];
}

/**
 * The SIM_* environment (image/README.md) that makes the reference image behave like the embedded reference: production
 * mode, fast lifecycle, keys by role, and webhook deliveries routed to the harness's loopback receiver.
 */
export function referenceImageEnv(settings: ReferenceImageSettings): Record<string, string> {
  const { keys, receiver } = settings;
  const env: Record<string, string> = {
    SIM_MODE: 'production',
    SIM_API_PORT: String(settings.port),
    SIM_HOST: settings.networkMode === 'host' ? '127.0.0.1' : '0.0.0.0',
    SIM_STEP_MS: '5',
    SIM_RETRY_BASE_MS: '10',
    SIM_FAILING_NUMBERS: referenceFailingNumbers.join(','),
  };
  if (keys?.growth && keys.starter && keys.rateLimit) {
    // unlimited keys for the suites, one limited key for the rate-limit check (DESIGN.md §4 rate limit)
    env.SIM_KEYS = [
      `${keys.growth}:growth:none`,
      `${keys.starter}:starter:none`,
      `${keys.rateLimit}:growth:${rateLimitedPerMinute}`,
      ...(keys.secondGrowth ? [`${keys.secondGrowth}:growth:none`] : []),
    ].join(',');
  }
  if (receiver) {
    // plain HTTP to the receiver: the CA would have to be mounted into the image (SIM_TRUSTED_CA_FILE)
    env.SIM_RESOLVE = `${new URL(receiverPublicOrigin).hostname}=${receiverPublicAddress}`;
    env.SIM_EGRESS = `${receiverPublicOrigin}=${new URL(receiver.httpUrl).origin}`;
  }
  return env;
}
