import { CatalogueError, catalogueEntries, catalogueText, oneOf, requirementById, sectionField, stringField } from './requirements.js';
import type { Requirement } from './requirements.js';

/** How the harness treats a gap: checked at should, recorded only, or not visible to a run. */
export type Treatment = 'should' | 'observe' | 'unchecked';

/** A place where the spec is silent ('not shown' or otherwise) and the decision taken for it. */
export interface Gap {
  readonly id: string;
  readonly section: string;
  /** Exact substring of the spec text. */
  readonly quote: string;
  readonly decision: string;
  readonly treatment: Treatment;
  readonly why: string;
  /** Ids of the requirements that implement the decision. */
  readonly requirements: readonly string[];
}

export const TREATMENTS: readonly Treatment[] = ['should', 'observe', 'unchecked'];
const KEYS = new Set(['id', 'section', 'quote', 'decision', 'treatment', 'why', 'requirements']);

function toGap(entry: Record<string, unknown>, index: number, file: string, lookup: (id: string) => Requirement | undefined): Gap {
  const where = `${file} entry #${index + 1} (${String(entry.id)})`;
  for (const key of Object.keys(entry)) {
    if (!KEYS.has(key)) throw new CatalogueError(`${where}: unknown field '${key}': use ${[...KEYS].join(', ')}`);
  }
  const id = stringField(entry, 'id', where) as string;
  if (!/^GAP(-[A-Z0-9]+)+$/.test(id)) throw new CatalogueError(`${where}: id must look like GAP-TOPIC in upper case`);
  const section = sectionField(entry, where);
  const ids = entry.requirements;
  if (!Array.isArray(ids)) throw new CatalogueError(`${where}: requirements must be a list of requirement ids (may be [])`);
  for (const rid of ids) {
    if (typeof rid !== 'string' || lookup(rid) === undefined) {
      throw new CatalogueError(`${where}: requirement ${JSON.stringify(rid)} is not in spec/requirements.yaml: add it there or fix the id`);
    }
  }
  return Object.freeze({
    id,
    section,
    quote: stringField(entry, 'quote', where) as string,
    decision: stringField(entry, 'decision', where) as string,
    treatment: oneOf(entry.treatment, TREATMENTS, 'treatment', where),
    why: stringField(entry, 'why', where) as string,
    requirements: Object.freeze([...(ids as string[])]),
  });
}

/** Parses and validates a gaps register against a requirement lookup; throws CatalogueError on a bad entry. */
export function parseGaps(yamlText: string, file = 'spec/gaps.yaml', lookup: (id: string) => Requirement | undefined = requirementById): readonly Gap[] {
  const seen = new Set<string>();
  const list = catalogueEntries(yamlText, file, 'gaps').map((entry, index) => {
    const gap = toGap(entry, index, file, lookup);
    if (seen.has(gap.id)) throw new CatalogueError(`${file}: id ${gap.id} appears twice: give each gap its own id`);
    seen.add(gap.id);
    return gap;
  });
  return Object.freeze(list);
}

/** Every gap of spec/gaps.yaml, in file order. */
export const gaps: readonly Gap[] = parseGaps(catalogueText(import.meta.url, 'gaps'));
