/** A JSON object's fields, or undefined for anything else. */
export function objectOf(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** A string field, or undefined. */
export function stringField(value: unknown, name: string): string | undefined {
  const field = objectOf(value)?.[name];
  return typeof field === 'string' ? field : undefined;
}

/** The items of a list answer: a bare array, or the `data` array of an envelope. */
export function itemsOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  const data = objectOf(value)?.data;
  return Array.isArray(data) ? data : undefined;
}

/** Parses JSON text, undefined when it does not parse. */
export function parseJson(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The events of a webhook body or answer as a sorted set (undefined when not a list of strings): a subscription is a set of kinds. */
export function eventsOf(value: unknown): string[] | undefined {
  const events = objectOf(value)?.events;
  return Array.isArray(events) && events.every((event) => typeof event === 'string') ? [...new Set(events as string[])].sort() : undefined;
}

/** True when both are lists of the same event kinds: a subscription is a set, so order and repeats aside. */
export function sameEvents(actual: unknown, expected: readonly string[]): boolean {
  const shown = eventsOf({ events: actual });
  return shown !== undefined && JSON.stringify(shown) === JSON.stringify(eventsOf({ events: expected }));
}

/** The receiver path a webhook URL delivers to (its path, without the query), or undefined for no URL. */
export function pathOfUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}
