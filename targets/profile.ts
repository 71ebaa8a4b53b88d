import { HarnessError } from './harness-error.js';

/** The names of the target profiles. */
export const profileNames = ['production', 'simulator', 'reference'] as const;

/** A profile name. */
export type ProfileName = (typeof profileNames)[number];

/** What a kind of target is, and so which checks apply to it (DESIGN.md §3 "Profiles describe targets"). */
export interface Profile {
  readonly name: ProfileName;
  /** Missing or unknown keys are refused with 401 (spec §5.2: production requires a real key). */
  readonly auth: boolean;
  /** Keys belong to tiers; Starter cannot send free-form (spec §5.4). */
  readonly tiers: boolean;
  /** 100 requests per minute per key (spec §8). */
  readonly rateLimit: boolean;
  /** Every event goes to one configured webhook URL (spec §8 Development simulator). */
  readonly webhooksToOneUrl: boolean;
  /** Sending costs money: sends need --allow-send. */
  readonly billableSends: boolean;
  /** The target runs on this machine (loopback). */
  readonly local: boolean;
}

const profiles: Record<ProfileName, Profile> = {
  production: {
    name: 'production',
    auth: true,
    tiers: true,
    rateLimit: true,
    webhooksToOneUrl: false,
    billableSends: true,
    local: false,
  },
  // spec §8: the simulator accepts any key, has no rate limit and no cost
  simulator: {
    name: 'simulator',
    auth: false,
    tiers: false,
    rateLimit: false,
    webhooksToOneUrl: true,
    billableSends: false,
    local: true,
  },
  // the embedded reference in production mode: everything on, nothing billable
  reference: {
    name: 'reference',
    auth: true,
    tiers: true,
    rateLimit: true,
    webhooksToOneUrl: false,
    billableSends: false,
    local: true,
  },
};

/** The profile of a name; throws a HarnessError (UNKNOWN_PROFILE) for anything else. */
export function profileFor(name: string): Profile {
  if ((profileNames as readonly string[]).includes(name)) return profiles[name as ProfileName];
  throw new HarnessError('UNKNOWN_PROFILE', `Unknown profile "${name}": use one of ${profileNames.join(', ')} (--profile).`);
}
