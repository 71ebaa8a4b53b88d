import { invalid } from '../errors.js';

const E164 = /^\+[1-9]\d{1,14}$/;

/** Length in Unicode code points: spec §8 counts "characters", so an emoji counts once. */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Parses a JSON request body that must be an object; 400 otherwise. */
export function parseJsonObject(raw: Buffer): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw invalid('request body is not valid JSON: send a JSON object with Content-Type application/json');
  }
  if (!isObject(value)) throw invalid('request body must be a JSON object');
  return value as Record<string, unknown>;
}

/** True for a plain JSON object (not null, not an array). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A required non-empty string field. */
export function requireString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (value === undefined || value === null) throw invalid(`${field} is required`);
  if (typeof value !== 'string' || value.length === 0) throw invalid(`${field} must be a non-empty string`);
  return value;
}

/** An optional string field (absent → undefined). */
export function optionalString(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length === 0) throw invalid(`${field} must be a non-empty string when given`);
  return value;
}

/** An optional JSON-object field (absent → undefined). */
export function optionalObject(body: Record<string, unknown>, field: string): Record<string, unknown> | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (!isObject(value)) throw invalid(`${field} must be a JSON object when given`);
  return value;
}

/** Checks an E.164 phone number (spec §4.1). */
export function checkE164(field: string, value: string): string {
  if (!E164.test(value)) throw invalid(`${field} must be an E.164 phone number such as +14155550123`);
  return value;
}

/** Checks message text: 1 to `max` characters (code points). */
export function checkText(field: string, value: string, max: number): string {
  const length = codePointLength(value);
  if (length > max) throw invalid(`${field} is ${length} characters long: the maximum is ${max}`);
  return value;
}

/** An integer query parameter with bounds; absent → default. */
export function intParam(query: URLSearchParams, name: string, bounds: { min: number; max?: number; fallback: number }): number {
  const raw = query.get(name);
  if (raw === null) return bounds.fallback;
  if (!/^-?\d+$/.test(raw)) throw invalid(`${name} must be an integer`);
  const value = Number(raw);
  if (value < bounds.min) throw invalid(`${name} must be at least ${bounds.min}`);
  if (bounds.max !== undefined && value > bounds.max) throw invalid(`${name} must be at most ${bounds.max}`);
  return value;
}

/** An enum query parameter; absent → undefined. */
export function enumParam<T extends string>(query: URLSearchParams, name: string, allowed: readonly T[]): T | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  if (!(allowed as readonly string[]).includes(raw)) throw invalid(`${name} must be one of ${allowed.join(', ')}`);
  return raw as T;
}

/** The parseInt reading of an integer query parameter (fault deliveries-params-parse-int): "2abc" is 2, "abc" the default. */
export function lenientIntParam(query: URLSearchParams, name: string, bounds: { min: number; max?: number; fallback: number }): number {
  const value = Number.parseInt(query.get(name) ?? '', 10);
  if (Number.isNaN(value)) return bounds.fallback;
  return intParam(new URLSearchParams({ [name]: String(value) }), name, bounds);
}
