import { readFile } from 'node:fs/promises';
import { HarnessError } from '../targets/index.js';

/** The kinds of difference spec §8 expects of a simulator: any key accepted, no rate limit, one webhook URL, no cost. */
export type SimulatorCategory = 'auth' | 'rate-limit' | 'webhook-url' | 'cost';

/**
 * A difference spec §8 expects when one side is a simulator. It labels only a check that runs on one profile and not
 * the other because of this trait, and passed where it ran; never tiers, field shapes or a missing operation.
 */
export interface SimulatorExpectation {
  readonly category: SimulatorCategory;
  readonly label: string;
  /** Requirement ids (a trailing * matches a prefix): a check all of whose requirements match is explained by it. */
  readonly requirements: readonly string[];
  /** The profile traits that, set like production, make a check skipped on the simulator apply (profile flip test). */
  readonly productionTraits: Readonly<Record<string, boolean>>;
}

/** What parity ignores and how it labels differences; a rules file (JSON) overrides any key. */
export interface ParityRules {
  /** Fields whose presence in response bodies changes with timing (e.g. set once a message is sent): presence not compared. */
  readonly optionalResponseFields: readonly string[];
  /** Fields never compared anywhere (neither presence nor type). */
  readonly ignoredFields: readonly string[];
  /** Response headers compared (presence and value format) besides Content-Type (spec §8 names Retry-After via DESIGN.md §4). */
  readonly comparedHeaders: readonly string[];
  /** Regular expressions of path segments that are ids (replaced by {id}) when no spec operation matches the path. */
  readonly idSegments: readonly string[];
  readonly simulatorExpectations: readonly SimulatorExpectation[];
}

/** The defaults: ids, timestamps, secrets and keys are never compared by value (only their JSON type and format). */
export const defaultParityRules: ParityRules = {
  // spec §2.1: platform_message_id is optional (set when sent); failure_reason only on failure (DESIGN.md §4 lifecycle)
  optionalResponseFields: ['platform_message_id', 'failure_reason'],
  ignoredFields: [],
  comparedHeaders: ['retry-after'],
  idSegments: ['^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$', '^(?=.*\\d)[A-Za-z0-9_-]{12,}$'],
  // spec §8 "Development simulator", and nothing else: tiers (spec §5.4) and field shapes (§2) are not on the list
  simulatorExpectations: [
    {
      category: 'auth',
      label: 'expected of a simulator: it accepts any API key (spec §8)',
      requirements: ['AUTH-PRODUCTION-REQUIRES-KEY', 'AUTH-MISSING-401', 'AUTH-UNKNOWN-401', 'AUTH-OTHER-HEADERS-IGNORED', 'AUTH-SIMULATOR-ANY-KEY'],
      productionTraits: { auth: true },
    },
    {
      category: 'rate-limit',
      label: 'expected of a simulator: no rate limit (spec §8)',
      requirements: ['RATE-*', 'SIM-NO-RATE-LIMIT'],
      productionTraits: { rateLimit: true },
    },
    {
      category: 'webhook-url',
      label: 'expected of a simulator: it sends webhooks to its one configured URL (spec §8)',
      requirements: ['SIM-WEBHOOK-URL*'],
      productionTraits: { webhooksToOneUrl: false },
    },
    {
      category: 'cost',
      label: 'expected of a simulator: no real SMS and no cost (spec §8)',
      requirements: ['SIM-NO-COST', 'SIM-NO-REAL-SMS'],
      productionTraits: { billableSends: true },
    },
  ],
};

const ruleKeys = Object.keys(defaultParityRules);

/** Defaults overridden by the given keys; an unknown key throws CONFIG. */
export function parityRules(overrides: Partial<ParityRules> = {}): ParityRules {
  for (const key of Object.keys(overrides)) {
    if (!ruleKeys.includes(key)) throw new HarnessError('CONFIG', `Unknown parity rule "${key}": use ${ruleKeys.join(', ')}.`);
  }
  return { ...defaultParityRules, ...overrides };
}

/** Reads a parity rules file (JSON object with any of the ParityRules keys) over the defaults. */
export async function loadParityRules(path: string): Promise<ParityRules> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new HarnessError('CONFIG', `Could not read the parity rules file ${path}: ${(error as Error).message}. Fix the JSON or the --parity-rules path.`);
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new HarnessError('CONFIG', `The parity rules file ${path} must hold a JSON object.`);
  }
  return parityRules(raw as Partial<ParityRules>);
}

/** True when a requirement id matches a pattern (exact, or a prefix ending in *). */
export function requirementMatches(id: string, pattern: string): boolean {
  return pattern.endsWith('*') ? id.startsWith(pattern.slice(0, -1)) : id === pattern;
}
