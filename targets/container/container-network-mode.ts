import { HarnessError } from '../harness-error.js';

/** The network modes of the container target. */
export const containerNetworkModes = ['host', 'bridge'] as const;

/** A network mode: 'host' shares the loopback interface (DESIGN.md §5); 'bridge' publishes the port. */
export type ContainerNetworkMode = (typeof containerNetworkModes)[number];

/** Checks a network mode; throws a HarnessError (USAGE) for anything else. */
export function containerNetworkMode(value: string): ContainerNetworkMode {
  if ((containerNetworkModes as readonly string[]).includes(value)) return value as ContainerNetworkMode;
  throw new HarnessError('USAGE', `Unknown container network mode "${value}": use ${containerNetworkModes.join(' or ')}.`);
}
