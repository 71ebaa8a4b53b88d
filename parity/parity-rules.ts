import { readFile } from 'node:fs/promises';
import { HarnessError } from '../targets/index.js';

/** The kinds of difference the spec expects of a simulator (spec §5.2, §8). */
export type SimulatorCategory = 'auth' | 'rate-limit' | 'webhook-url';

/** A difference the spec expects when one side is a simulator. */
export interface SimulatorExpectation {
  readonly category: SimulatorCategory;
  readonly label: string;
  /** Requirement ids (a trailing * matches a prefix) whose checks may differ this way. */
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
  simulatorExpectations: [
    {
      category: 'auth',
      label: 'expected of a simulator: it accepts any API key, so keys carry no tier (spec §5.2, §8)',
      requirements: ['AUTH-*', 'TIER-*', 'IDEM-SCOPED-PER-KEY'],
      productionTraits: { auth: true, tiers: true },
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
