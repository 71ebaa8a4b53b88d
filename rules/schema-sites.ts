/** The parts of a (dereferenced) JSON Schema node the walk reads; the suites' JsonSchema fits it. */
export interface SchemaNode {
  readonly properties?: Readonly<Record<string, unknown>>;
  readonly items?: unknown;
  readonly [annotation: string]: unknown;
}

/** One node of a schema tree: the property names / `*` for array items that lead to it. */
export interface SchemaSite<S extends SchemaNode = SchemaNode> {
  readonly path: readonly string[];
  readonly schema: S;
  /** True when this node or an ancestor is `x-assumed` (DESIGN.md §4 decided it). */
  readonly assumed: boolean;
}

/** Visits every node reachable through `properties` and `items` (the generated schemas are dereferenced). */
export function walkSites<S extends SchemaNode>(root: S, visit: (site: SchemaSite<S>) => void): void {
  const go = (schema: S, path: string[], inherited: boolean): void => {
    const assumed = inherited || schema['x-assumed'] === true;
    visit({ path, schema, assumed });
    for (const [name, sub] of Object.entries(schema.properties ?? {})) {
      if (typeof sub === 'object' && sub !== null) go(sub as S, [...path, name], assumed);
    }
    if (typeof schema.items === 'object' && schema.items !== null) go(schema.items as S, [...path, '*'], assumed);
  };
  go(root, [], false);
}

/** True when the node at `path` (array indexes as digits or `*`) or one of its ancestors is `x-assumed`. */
export function isAssumedAt(root: SchemaNode, path: readonly string[]): boolean {
  let node: SchemaNode | undefined = root;
  for (const step of ['', ...path]) {
    if (step !== '') {
      const next: unknown = /^(\d+|\*)$/.test(step) ? node?.items : node?.properties?.[step];
      node = typeof next === 'object' && next !== null ? (next as SchemaNode) : undefined;
    }
    if (node === undefined) return false;
    if (node['x-assumed'] === true) return true;
  }
  return false;
}

/** Every requirement id cited by `x-requirements` anywhere in the schema. */
export function citedRequirements(root: SchemaNode): string[] {
  const ids = new Set<string>();
  walkSites(root, ({ schema }) => {
    for (const id of Object.values((schema['x-requirements'] ?? {}) as Record<string, string>)) ids.add(id);
  });
  return [...ids];
}

/** The `x-spec-section` of every `x-assumed` node that names one. */
export function assumedSections(root: SchemaNode): string[] {
  const sections = new Set<string>();
  walkSites(root, ({ schema }) => {
    const section = schema['x-spec-section'];
    if (schema['x-assumed'] === true && typeof section === 'string') sections.add(section);
  });
  return [...sections];
}
