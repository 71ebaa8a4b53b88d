import { distinctValues, exampleValue } from './example-value.js';
import { invalidCandidates, VALUE_KEYWORDS } from './invalid-candidates.js';
import { asSchema, requirementOf, type JsonSchema } from './json-schema.js';
import { leafViolations } from './leaf-violations.js';
import { describeMutation } from './describe-mutation.js';
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
}

const UNEXPECTED_PROPERTY = 'unexpected_property';

/** One mutation per constraint of the schema (deterministic, in schema order), each breaking exactly that constraint. */
export function invalidCases(schema: JsonSchema): InvalidCase[] {
  const cases: InvalidCase[] = [];
  walkSchema(schema, (node) => {
    const add = (
      keyword: string,
      steps: PathStep[],
      replace: (current: unknown) => unknown,
      value: unknown,
      alsoBreaks: string[],
      requirement = requirementFor(node, keyword),
    ) =>
      cases.push({
        path: steps.map((s) => s.key),
        keyword,
        requirement,
        alsoBreaks,
        description: describeMutation(node.schema, steps, keyword, value),
        mutate: (base) => replaceAt(base, schema, steps, replace),
      });
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

function requirementFor(node: SchemaNode, keyword: string): string | undefined {
  return requirementOf(node.schema, keyword) ?? (node.itemOf === undefined ? undefined : requirementOf(node.itemOf, 'items'));
}
