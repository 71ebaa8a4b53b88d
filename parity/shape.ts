/** The JSON shape of one or more values: types (strings with a recognised format), fields, array element shape. */
export interface Shape {
  /** Sorted JSON types seen: null, boolean, number, string, string:<format>, array, object, text (a non-JSON body). */
  readonly types: readonly string[];
  /** Objects seen (a field seen in fewer objects is optional). */
  readonly objects: number;
  readonly fields?: Readonly<Record<string, { readonly shape: Shape; readonly count: number }>>;
  /** The merged shape of every array element (absent when every array was empty). */
  readonly items?: Shape;
}

const formats: readonly [string, RegExp][] = [
  ['date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/],
  ['uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i],
];

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string') {
    const format = formats.find(([, pattern]) => pattern.test(value));
    return format ? `string:${format[0]}` : 'string';
  }
  return typeof value;
}

/** The shape of one JSON value. */
export function shapeOf(value: unknown, depth = 0): Shape {
  const type = typeOf(value);
  if (depth > 12) return { types: [type], objects: 0 };
  if (type === 'array') {
    const items = (value as unknown[]).map((item) => shapeOf(item, depth + 1));
    return { types: [type], objects: 0, ...(items.length > 0 ? { items: items.reduce(mergeShapes) } : {}) };
  }
  if (type === 'object') {
    const fields: Record<string, { shape: Shape; count: number }> = {};
    for (const [key, field] of Object.entries(value as Record<string, unknown>)) fields[key] = { shape: shapeOf(field, depth + 1), count: 1 };
    return { types: [type], objects: 1, fields };
  }
  return { types: [type], objects: 0 };
}

/** The shape of values seen in a and in b. */
export function mergeShapes(a: Shape, b: Shape): Shape {
  const types = [...new Set([...a.types, ...b.types])].sort();
  const items = a.items && b.items ? mergeShapes(a.items, b.items) : (a.items ?? b.items);
  let fields: Record<string, { shape: Shape; count: number }> | undefined;
  if (a.fields || b.fields) {
    fields = {};
    for (const source of [a.fields ?? {}, b.fields ?? {}]) {
      for (const [key, field] of Object.entries(source)) {
        const seen = fields[key];
        fields[key] = seen ? { shape: mergeShapes(seen.shape, field.shape), count: seen.count + field.count } : field;
      }
    }
  }
  return { types, objects: a.objects + b.objects, ...(fields ? { fields } : {}), ...(items ? { items } : {}) };
}

/** The shape without the given fields (at any depth). */
export function withoutFields(shape: Shape, names: ReadonlySet<string>): Shape {
  if (names.size === 0) return shape;
  const fields = shape.fields
    ? Object.fromEntries(
        Object.entries(shape.fields)
          .filter(([key]) => !names.has(key))
          .map(([key, field]) => [key, { shape: withoutFields(field.shape, names), count: field.count }]),
      )
    : undefined;
  return { ...shape, ...(fields ? { fields } : {}), ...(shape.items ? { items: withoutFields(shape.items, names) } : {}) };
}

/**
 * The differences between two shapes, one line each with its JSON path. Tolerated (timing, not behaviour): a field
 * optional on one side and absent on the other, fields named in `optional`, arrays that were empty on either side, and
 * a value null only sometimes on one side where the other showed its other types only (e.g. a delivery record's
 * status_code, null for a closed connection (spec §6): whether a listing held such a record is timing).
 */
export function compareShapes(a: Shape, b: Shape, optional: ReadonlySet<string> = new Set(), path = '$'): string[] {
  const out: string[] = [];
  if (a.types.join('|') !== b.types.join('|') && !sometimesNull(a.types, b.types)) out.push(`${path}: A ${a.types.join('|')}, B ${b.types.join('|')}`);
  if (a.fields && b.fields && a.objects > 0 && b.objects > 0) {
    for (const key of [...new Set([...Object.keys(a.fields), ...Object.keys(b.fields)])].sort()) {
      const fa = a.fields[key];
      const fb = b.fields[key];
      const where = `${path}.${key}`;
      if (fa && fb) out.push(...compareShapes(fa.shape, fb.shape, optional, where));
      else if (!optional.has(key)) {
        const present = (fa ?? fb) as { count: number };
        const always = present.count === (fa ? a.objects : b.objects);
        if (always) out.push(`${where}: ${fa ? 'A has it, B does not' : 'B has it, A does not'}`);
      }
    }
  }
  if (a.items && b.items) out.push(...compareShapes(a.items, b.items, optional, `${path}[]`));
  return out;
}

/** True when the two type lists differ only by a null that the side showing it showed beside the other side's types. */
function sometimesNull(a: readonly string[], b: readonly string[]): boolean {
  const [more, fewer] = a.length > b.length ? [a, b] : [b, a];
  const extra = more.filter((type) => !fewer.includes(type));
  return fewer.length > 0 && extra.length === 1 && extra[0] === 'null' && fewer.every((type) => more.includes(type));
}

/** A compact one-line description, e.g. {id:string, status:string, tags:[string]} (depth-limited). */
export function describeShape(shape: Shape | undefined, depth = 3): string {
  if (!shape) return 'empty';
  const parts = shape.types.map((type) => {
    if (type === 'object' && shape.fields) {
      if (depth <= 0) return '{…}';
      const fields = Object.entries(shape.fields)
        .sort(([x], [y]) => x.localeCompare(y))
        .map(([key, field]) => `${key}${field.count < shape.objects ? '?' : ''}:${describeShape(field.shape, depth - 1)}`);
      return `{${fields.join(', ')}}`;
    }
    if (type === 'array') return shape.items ? `[${depth <= 0 ? '…' : describeShape(shape.items, depth - 1)}]` : '[]';
    return type;
  });
  return parts.join('|');
}
