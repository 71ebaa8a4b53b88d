/** An answer body read once for every rule: its text and, when it parses, its JSON. */
export interface AnswerBody {
  readonly text: string;
  readonly empty: boolean;
  readonly json?: unknown;
  readonly isJson: boolean;
}

/** Reads an answer body's text (the caller skips truncated answers); `parsed` spares a second parse when the caller has one. */
export function readAnswer(text: string, parsed?: { json?: unknown }): AnswerBody {
  const empty = text.trim() === '';
  if (empty) return { text, empty, isJson: false };
  if (parsed !== undefined && 'json' in parsed && parsed.json !== undefined) return { text, empty, json: parsed.json, isJson: true };
  try {
    return { text, empty, json: JSON.parse(text) as unknown, isJson: true };
  } catch {
    return { text, empty, isJson: false };
  }
}

/**
 * True when a Content-Type names JSON: application/json, or a +json type (RFC 6839) such as RFC 7807's
 * application/problem+json for errors, with or without parameters.
 */
export function isJsonType(contentType: string | undefined): boolean {
  return contentType !== undefined && /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(contentType);
}
