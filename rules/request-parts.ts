import { schemas, validate } from '../spec/index.js';
import type { Operation, ValidationIssue } from '../spec/index.js';

/** Where a part of a request goes (the keys of `operation.schemaNames`). */
export type Location = 'path' | 'query' | 'headers' | 'body';

/** The parts of a request in order. */
export const locations: readonly Location[] = ['path', 'query', 'headers', 'body'];

/**
 * Reads wire text back as a server would before validating it: numbers and booleans where the schema types the
 * parameter so. Used to tell whether a negative case survives the trip (12345 as a header is just the text "12345").
 */
export function fromWire(operation: Operation, location: Location, wire: Readonly<Record<string, string>>): Record<string, unknown> {
  const name = operation.schemaNames[location];
  const schema = name === undefined ? undefined : (schemas[name] as { properties?: Record<string, unknown> } | undefined);
  const properties = schema?.properties ?? {};
  return Object.fromEntries(
    Object.entries(wire).map(([field, text]) => {
      const sub = properties[field] as { type?: string | string[] } | undefined;
      const types = typeof sub === 'object' && sub !== null ? [sub.type ?? []].flat() : [];
      if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(text)) return [field, Number(text)];
      if (types.includes('boolean') && (text === 'true' || text === 'false')) return [field, text === 'true'];
      return [field, text];
    }),
  );
}

/** Validation issues of a part against its schema (spec/index.ts validate), or [] when the part has no schema. */
export function partIssues(operation: Operation, location: Location, value: unknown): readonly ValidationIssue[] {
  const name = operation.schemaNames[location];
  return name === undefined ? [] : validate(name, value).issues;
}
