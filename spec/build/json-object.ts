/** A JSON object of the OpenAPI document, read loosely (the document is validated before use). */
export type JsonObject = Record<string, unknown>;

/** Reads `value[key]` as a JSON object, or an empty one when absent. */
export function objectAt(value: unknown, key: string): JsonObject {
  const item = (value as JsonObject | undefined)?.[key];
  return item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as JsonObject) : {};
}
