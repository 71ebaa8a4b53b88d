import type fc from 'fast-check';

/** Options of the schema-driven generators. */
export interface ArbitraryOptions {
  /**
   * Arbitraries that replace the generated one at a property path: dotted property names from the schema root,
   * `*` for array items (e.g. `{ 'to': e164Arbitrary({ allowList }), 'events.*': fc.constant('message.sent') }`).
   */
  overrides?: Record<string, fc.Arbitrary<unknown>>;
  /** Relative weight (0..1) of SMS-domain text among free-text strings; default 0.5. */
  smsWeight?: number;
  /** Largest array generated when a schema has no maxItems; default 5. */
  maxItems?: number;
  /** Extra characters allowed above minLength when a string schema has no maxLength; default 64. */
  extraLength?: number;
}

/** The override key of a path: property names joined by dots, array indexes as `*`. */
export function pathKey(path: readonly string[]): string {
  return path.map((p) => (/^\d+$/.test(p) ? '*' : p)).join('.');
}

/** The override registered for a path, if any. */
export function overrideAt(options: ArbitraryOptions, path: readonly string[]): fc.Arbitrary<unknown> | undefined {
  return options.overrides?.[pathKey(path)];
}
