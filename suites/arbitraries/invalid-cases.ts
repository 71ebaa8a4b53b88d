import { distinctValues, exampleValue } from './example-value.js';
import { invalidCandidates, VALUE_KEYWORDS, type ValueKeyword } from './invalid-candidates.js';
import { asSchema, requirementOf, type JsonSchema } from './json-schema.js';
import { leafViolations } from './leaf-violations.js';
import { describeMutation } from './describe-mutation.js';
import { nearMissBase, nearMisses, type NearMissContext } from './near-misses.js';
import { REMOVE, replaceAt, walkSchema, type PathStep, type SchemaNode } from './schema-walk.js';

/** One negative case: breaks one keyword of the schema at `path` in an otherwise valid value. */
export interface InvalidCase {
  /** Path of the broken value (for `required`: the missing property) from the schema root. */
  path: string[];
  /** The JSON Schema keyword broken (as ajv reports it). */
  keyword: string;
  /** The requirement id from `x-requirements`, if the schema names one. */
  requirement: string | undefined;
  /** One line for reports, e.g. "message of 1601 characters (max 1600)". */
  description: string;
  /** Keywords the mutation cannot help breaking too (e.g. `enum` for a wrong type of an enum); usually empty. */
  alsoBreaks: string[];
  /** A deep copy of a valid base value with the mutation applied. */
  mutate(base: unknown): unknown;
  /** The constraint's near-misses (near-misses.ts), each breaking the same keyword: sent besides the mutation, every run (made at first read). */
  readonly nearMisses: InvalidNearMiss[];
}

/** A near-miss of the case's constraint, applied to a valid base value. */
export interface InvalidNearMiss {
  /** One line for reports, e.g. 'to "+1 415 555 0100" not a valid e164 (spaces between digit groups)'. */
  description: string;
  /** A deep copy of the base with the near-miss of its own valid value (of the example value when that one has none). */
  mutate(base: unknown): unknown;
}

const UNEXPECTED_PROPERTY = 'unexpected_property';

/**
 * One mutation per constraint of the schema (deterministic, in schema order), each breaking exactly that constraint,
 * with the constraint's near-misses. `context` names enums of other parts of the contract (the part's own other enums
 * are added here).
 */
export function invalidCases(schema: JsonSchema, context: NearMissContext = {}): InvalidCase[] {
  const cases: InvalidCase[] = [];
  const relatedEnums = [...enumsOf(schema), ...(context.relatedEnums ?? [])];
  walkSchema(schema, (node) => {
    const add = (
      keyword: string,
      steps: PathStep[],
      replace: (current: unknown) => unknown,
      value: unknown,
      alsoBreaks: string[],
      requirement = requirementFor(node, keyword),
      misses: () => InvalidNearMiss[] = () => [],
    ) => {
      // the near-misses are made when first read (sending the case), not with the case: listing the checks, planning
      // and a run's start need only its keyword and words (issue 28); deterministic, so the same whenever made
      let made: InvalidNearMiss[] | undefined;
      cases.push({
        path: steps.map((s) => s.key),
        keyword,
        requirement,
        alsoBreaks,
        description: describeMutation(node.schema, steps, keyword, value),
        mutate: (base) => replaceAt(base, schema, steps, replace),
        get nearMisses() {
          return (made ??= misses());
        },
      });
    };
    for (const keyword of VALUE_KEYWORDS) {
      const candidates = invalidCandidates(node.schema, keyword).map((value) => ({ value, broken: leafViolations(node.schema, value) }));
      const best = candidates.find((c) => c.broken.length === 1 && c.broken[0] === keyword) ?? candidates.find((c) => c.broken.includes(keyword));
      if (best !== undefined)
        add(
          keyword,
          node.steps,
          () => best.value,
          best.value,
          best.broken.filter((k) => k !== keyword),
          requirementFor(node, keyword),
          () => nearMissesOf(schema, node, keyword, best.value, relatedEnums),
        );
    }
    arrayCases(node, add);
    for (const name of node.schema.required ?? []) {
      const sub = asSchema(node.schema.properties?.[name]) ?? {};
      add(
        'required',
        [...node.steps, { key: name, schema: sub }],
        () => REMOVE,
        undefined,
        [],
        requirementOf(sub, 'required') ?? requirementFor(node, 'required'),
      );
    }
    for (const [name, sub] of Object.entries(node.schema.properties ?? {})) {
      if (sub === false) add('false schema', [...node.steps, { key: name, schema: {} }], () => 'x', 'x', [], requirementOf(node.schema, 'properties'));
    }
    if (node.schema.additionalProperties === false) {
      add('additionalProperties', [...node.steps, { key: UNEXPECTED_PROPERTY, schema: {} }], () => 'x', 'x', []);
    }
  });
  return cases;
}

type Add = (keyword: string, steps: PathStep[], replace: (current: unknown) => unknown, value: unknown, alsoBreaks: string[]) => void;

function arrayCases(node: SchemaNode, add: Add): void {
  const { schema, steps } = node;
  const current = (value: unknown): unknown[] => (Array.isArray(value) ? value : (exampleValue({ ...schema, type: 'array' }) as unknown[]));
  if (schema.minItems !== undefined && schema.minItems > 0) {
    const n = schema.minItems - 1;
    add('minItems', steps, (v) => current(v).slice(0, n), n, []);
  }
  if (schema.maxItems !== undefined) {
    const n = schema.maxItems + 1;
    const pool = distinctValues(asSchema(schema.items) ?? {}, n);
    const short = schema.uniqueItems === true && pool.length < n;
    add('maxItems', steps, (v) => extend(current(v), pool, n), n, short ? ['uniqueItems'] : []);
  }
  if (schema.uniqueItems === true && (schema.maxItems === undefined || schema.maxItems >= 2)) {
    const first = distinctValues(asSchema(schema.items) ?? {}, 1)[0];
    add(
      'uniqueItems',
      steps,
      (v) => {
        const items = current(v);
        const head = items.length > 0 ? items[0] : first;
        return [head, head, ...items.slice(2)];
      },
      undefined,
      [],
    );
  }
}

/** The items followed by pool values they lack, then repeats, up to `n` items. */
function extend(items: unknown[], pool: unknown[], n: number): unknown[] {
  const out = [...items];
  const seen = new Set(out.map((v) => JSON.stringify(v)));
  for (const v of pool) if (out.length < n && !seen.has(JSON.stringify(v))) out.push(v);
  for (let i = 0; out.length < n; i += 1) out.push(out[i % Math.max(1, out.length)] ?? pool[0]);
  return out;
}

/** Every enum of the schema (for the near-misses of its other enums: a direction value as a status). */
function enumsOf(schema: JsonSchema): unknown[][] {
  const out: unknown[][] = [];
  walkSchema(schema, (node) => {
    if (node.schema.enum !== undefined) out.push(node.schema.enum);
  });
  return out;
}

/** The near-misses of one keyword of a node that break it (and are not the case's own value), made from the current valid value. */
function nearMissesOf(
  root: JsonSchema,
  node: SchemaNode,
  keyword: ValueKeyword,
  own: unknown,
  relatedEnums: readonly (readonly unknown[])[],
): InvalidNearMiss[] {
  const misses = nearMisses(node.schema, keyword, { relatedEnums: relatedEnums.filter((e) => e !== node.schema.enum) });
  // most keywords have none: their example (a fast-check draw) is not made (issue 28: listing the checks draws little)
  if (misses.length === 0) return [];
  const breaks = (value: unknown) => value !== undefined && leafViolations(node.schema, value).includes(keyword);
  const example = nearMissBase(node.schema) ?? exampleValue(node.schema);
  const seen = new Set([JSON.stringify(own)]);
  const out: InvalidNearMiss[] = [];
  for (const miss of misses) {
    const fallback = miss.from(example);
    if (!breaks(fallback) || seen.has(JSON.stringify(fallback))) continue;
    seen.add(JSON.stringify(fallback));
    const derive = (current: unknown) => {
      const value = leafViolations(node.schema, current).length === 0 ? miss.from(current) : undefined;
      return breaks(value) ? value : fallback;
    };
    out.push({
      description: `${describeMutation(node.schema, node.steps, keyword, fallback)} (${miss.family})`,
      mutate: (base) => replaceAt(base, root, node.steps, derive),
    });
  }
  return out;
}

function requirementFor(node: SchemaNode, keyword: string): string | undefined {
  return requirementOf(node.schema, keyword) ?? (node.itemOf === undefined ? undefined : requirementOf(node.itemOf, 'items'));
}
