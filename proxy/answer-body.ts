import type { CapturedExchange } from './captured-exchange.js';

/** An answer body read once for every rule: its text and, when it parses, its JSON. */
export interface AnswerBody {
  readonly text: string;
  readonly empty: boolean;
  readonly json?: unknown;
  readonly isJson: boolean;
}

/** Reads the captured answer body (the caller skips truncated answers). */
export function readAnswer(exchange: CapturedExchange): AnswerBody {
  const text = exchange.responseBody.toString('utf8');
  const empty = text.trim() === '';
  if (empty) return { text, empty, isJson: false };
  try {
    return { text, empty, json: JSON.parse(text) as unknown, isJson: true };
  } catch {
    return { text, empty, isJson: false };
  }
}

/** True when a Content-Type names JSON (application/json with or without parameters). */
export function isJsonType(contentType: string | undefined): boolean {
  return contentType !== undefined && /^application\/json\s*(;|$)/i.test(contentType);
}
