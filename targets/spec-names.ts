import { operations, schemas } from '../spec/index.js';

let known: ReadonlySet<string> | undefined;

/** Every field and parameter name of the contract (spec §2 and §4: bodies, answers, payloads, query and path parameters). */
export function specFieldNames(): ReadonlySet<string> {
  if (known !== undefined) return known;
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (schema: unknown): void => {
    if (schema === null || typeof schema !== 'object' || seen.has(schema)) return;
    seen.add(schema);
    const properties = (schema as { properties?: unknown }).properties;
    // header names (Idempotency-Key, Retry-After) are no field names: a dialect renames fields
    if (properties !== null && typeof properties === 'object') for (const key of Object.keys(properties)) if (!key.includes('-')) names.add(key);
    for (const value of Object.values(schema)) visit(value);
  };
  for (const schema of Object.values(schemas)) visit(schema);
  for (const operation of operations) {
    visit(operation.requestBodySchema);
    visit(operation.responses);
    for (const parameter of operation.parameters) if (parameter.in !== 'header') names.add(parameter.name);
  }
  known = new Set([...names].sort());
  return known;
}
