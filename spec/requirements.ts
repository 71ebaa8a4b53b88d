import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import { LEVELS } from './level.js';
import type { Level } from './level.js';

export { LEVELS } from './level.js';
export type { Level } from './level.js';

/** A kind of target a requirement may be limited to. */
export type Profile = 'production' | 'simulator' | 'reference';

/** One checkable statement of the service spec (an entry of spec/requirements.yaml). */
export interface Requirement {
  readonly id: string;
  readonly section: string;
  readonly level: Level;
  readonly text: string;
  readonly source?: 'design';
  readonly profiles?: readonly Profile[];
  readonly unbreakable?: string;
  /**
   * Why a black-box harness cannot check it (it needs a carrier, a bill, the production service ...): the matrix shows
   * it as not checkable, never as not covered, and coverage counts only the others.
   */
  readonly uncheckable?: string;
}

/** A malformed entry in spec/requirements.yaml or spec/gaps.yaml. */
export class CatalogueError extends Error {
  readonly code = 'SPEC_CATALOGUE_INVALID';
  override readonly name = 'CatalogueError';
}

export const PROFILES: readonly Profile[] = ['production', 'simulator', 'reference'];
export const AREAS = ['MSG', 'TPL', 'IDEM', 'WH', 'DLV', 'EVT', 'SIG', 'AUTH', 'TIER', 'RATE', 'ERR', 'PAGE', 'SIM', 'USER', 'VER'] as const;

const ID_PATTERN = new RegExp(`^(${AREAS.join('|')})(-[A-Z0-9]+)+$`);
const SECTION_PATTERN = /^\d+(\.\d+)*$/;
const KEYS = new Set(['id', 'section', 'level', 'text', 'source', 'profiles', 'unbreakable', 'uncheckable']);

// the yaml package is loaded on the first YAML catalogue only: the compiled package reads the build's JSON copies
const require = createRequire(import.meta.url);

/**
 * The text of a catalogue beside this module (`requirements`, `gaps`): the JSON copy `npm run build` writes into
 * dist/ when there is one (parsing the YAML costs about 0.1 s at every start), else the YAML.
 */
export function catalogueText(moduleUrl: string, name: string): string {
  const json = new URL(`./${name}.json`, moduleUrl);
  return readFileSync(existsSync(json) ? json : new URL(`./${name}.yaml`, moduleUrl), 'utf8');
}

/** Reads the named list of a catalogue YAML document (or its JSON copy: JSON is YAML); each entry is a plain object. */
export function catalogueEntries(yamlText: string, file: string, listKey: string): Record<string, unknown>[] {
  let doc: unknown;
  try {
    doc = yamlText.startsWith('{') ? JSON.parse(yamlText) : (require('yaml') as typeof Yaml).parse(yamlText);
  } catch (cause) {
    throw new CatalogueError(`parsing ${file} failed: fix the YAML syntax (${(cause as Error).message})`);
  }
  const list = (doc as Record<string, unknown> | null)?.[listKey];
  if (!Array.isArray(list)) throw new CatalogueError(`${file} has no '${listKey}' list: put the entries under '${listKey}:'`);
  return list.map((entry, index) => {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
      throw new CatalogueError(`${file} entry #${index + 1} is not a mapping: write it as 'key: value' lines`);
    }
    return entry as Record<string, unknown>;
  });
}

/** Returns entry[key] as a one-line non-empty string, or throws naming the entry and field. */
export function stringField(entry: Record<string, unknown>, key: string, where: string, optional = false): string | undefined {
  const value = entry[key];
  if (value === undefined && optional) return undefined;
  if (typeof value !== 'string' || value.trim() === '' || value.includes('\n')) {
    throw new CatalogueError(`${where}: '${key}' must be a non-empty one-line string, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** Returns entry.section as a quoted spec section id ('1', '4.1'), or throws. */
export function sectionField(entry: Record<string, unknown>, where: string): string {
  const section = entry.section;
  if (typeof section !== 'string' || !SECTION_PATTERN.test(section)) {
    throw new CatalogueError(`${where}: section must be a quoted spec section id such as '4.1', got ${JSON.stringify(section)}`);
  }
  return section;
}

/** Returns the value if it is one of the allowed literals, else throws listing them. */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[], what: string, where: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new CatalogueError(`${where}: ${what} ${JSON.stringify(value)} is not one of ${allowed.join(', ')}`);
  }
  return value as T;
}

function toRequirement(entry: Record<string, unknown>, index: number, file: string): Requirement {
  const where = `${file} entry #${index + 1} (${String(entry.id)})`;
  for (const key of Object.keys(entry)) {
    if (!KEYS.has(key)) throw new CatalogueError(`${where}: unknown field '${key}': use ${[...KEYS].join(', ')}`);
  }
  const id = stringField(entry, 'id', where) as string;
  if (!ID_PATTERN.test(id)) throw new CatalogueError(`${where}: id must be AREA-TOPIC[-RULE] in upper case with AREA one of ${AREAS.join(', ')}`);
  const section = sectionField(entry, where);
  const requirement: Requirement = {
    id,
    section,
    level: oneOf(entry.level, LEVELS, 'level', where),
    text: stringField(entry, 'text', where) as string,
  };
  const extra: { source?: 'design'; profiles?: readonly Profile[]; unbreakable?: string; uncheckable?: string } = {};
  if (entry.source !== undefined) extra.source = oneOf(entry.source, ['design'] as const, 'source', where);
  if (entry.profiles !== undefined) {
    if (!Array.isArray(entry.profiles) || entry.profiles.length === 0) {
      throw new CatalogueError(`${where}: profiles must be a non-empty list of ${PROFILES.join(', ')}`);
    }
    extra.profiles = Object.freeze(entry.profiles.map((p: unknown) => oneOf(p, PROFILES, 'profile', where)));
  }
  const unbreakable = stringField(entry, 'unbreakable', where, true);
  if (unbreakable !== undefined) extra.unbreakable = unbreakable;
  const uncheckable = stringField(entry, 'uncheckable', where, true);
  if (uncheckable !== undefined) extra.uncheckable = uncheckable;
  return Object.freeze({ ...requirement, ...extra });
}

/** Parses and validates a requirements catalogue; throws CatalogueError on a malformed or duplicate entry. */
export function parseRequirements(yamlText: string, file = 'spec/requirements.yaml'): readonly Requirement[] {
  const seen = new Set<string>();
  const list = catalogueEntries(yamlText, file, 'requirements').map((entry, index) => {
    const requirement = toRequirement(entry, index, file);
    if (seen.has(requirement.id)) throw new CatalogueError(`${file}: id ${requirement.id} appears twice: give each requirement its own id`);
    seen.add(requirement.id);
    return requirement;
  });
  return Object.freeze(list);
}

/** Every requirement of spec/requirements.yaml, in file order. */
export const requirements: readonly Requirement[] = parseRequirements(catalogueText(import.meta.url, 'requirements'));

const byId = new Map(requirements.map((r) => [r.id, r]));

/** The requirement with this id, or undefined. */
export function requirementById(id: string): Requirement | undefined {
  return byId.get(id);
}
