/** The text each answer body the transport parsed came from, for as long as the parsed body lives. */
const sources = new WeakMap<object, string>();

/**
 * JSON.parse of an answer's text, remembering the text of an object or array it gives (jsonSourceOf): the recorded
 * copy of the answer is then parsed again from that text instead of first being written back to it (issue 28).
 */
export function parseAnswerJson(text: string): unknown {
  const value = JSON.parse(text) as unknown;
  if (value !== null && typeof value === 'object') sources.set(value, text);
  return value;
}

/** The text parseAnswerJson made this value from, if it did (a value a step replaced, e.g. a dialect's, has none). */
export function jsonSourceOf(value: object): string | undefined {
  return sources.get(value);
}
