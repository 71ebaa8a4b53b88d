import { textOfLength } from './message-text.js';
import { schemaTypes, type JsonSchema } from './json-schema.js';
import type { ValueKeyword } from './invalid-candidates.js';

/**
 * One near-miss of a constraint: a value a sloppy implementation takes for a valid one (an enum member in upper case,
 * a phone number with spaces), made from a valid value of the same field so that a target that normalises it would
 * find a real resource or number. Deterministic: every one is sent on every run (issue 23).
 */
export interface NearMiss {
  /** What makes it a near miss, e.g. "upper case", "spaces between digit groups". */
  readonly family: string;
  /** The near-miss of a valid value (undefined when this family has none for that value). */
  readonly from: (valid: unknown) => unknown;
}

/** Values of other enums that the implementation may mix up with this one (a sibling field's, another operation's). */
export interface NearMissContext {
  readonly relatedEnums?: readonly (readonly unknown[])[];
}

const text = (f: (s: string) => string | undefined) => (valid: unknown) => (typeof valid === 'string' ? f(valid) : undefined);

/** Related-enum members not in this enum: two at most, those of overlapping enums (another operation's superset) first. */
function foreignMembers(members: readonly unknown[], related: readonly (readonly unknown[])[]): unknown[] {
  const overlaps = (other: readonly unknown[]) => other.some((v) => members.includes(v));
  const ordered = [...related.filter(overlaps), ...related.filter((other) => !overlaps(other))];
  return [...new Set(ordered.flat().filter((v) => !members.includes(v)))].slice(0, 2);
}

/** A shorter start of a member: the dotted name without its last part (message.status), else its first half (deliv). */
function prefixOf(member: string): string | undefined {
  const dot = member.lastIndexOf('.');
  const prefix = dot > 0 ? member.slice(0, dot) : member.slice(0, Math.ceil(member.length / 2) + 1);
  return prefix.length > 0 && prefix !== member ? prefix : undefined;
}

function enumNearMisses(members: readonly unknown[], context: NearMissContext): NearMiss[] {
  if (!members.some((m) => typeof m === 'string')) return [];
  return [
    { family: 'prefix of a member', from: text(prefixOf) },
    { family: 'member with a suffix', from: text((m) => `${m}_`) },
    { family: 'member in upper case', from: text((m) => m.toUpperCase()) },
    { family: 'member capitalised', from: text((m) => `${m.charAt(0).toUpperCase()}${m.slice(1)}`) },
    { family: 'member with a trailing space', from: text((m) => `${m} `) },
    ...foreignMembers(members, context.relatedEnums ?? []).map((value) => ({ family: 'a value of a related field', from: () => value })),
  ];
}

/** The digits of a + number in groups: country digit, then threes, the rest last (+1 415 555 0100). */
function groups(number: string): string[] | undefined {
  const digits = /^\+(\d+)$/.exec(number)?.[1];
  if (digits === undefined || digits.length < 5) return undefined;
  return [digits.slice(0, 1), digits.slice(1, 4), digits.slice(4, 7), digits.slice(7)].filter((group) => group !== '');
}

const arabicIndic = (digits: string) => [...digits].map((d) => String.fromCodePoint(0x660 + Number(d))).join('');

// E.164 (ITU-T E.164; spec §4.1 "E.164") is + and digits only: every formatting a person types is outside it.
const e164NearMisses: readonly NearMiss[] = [
  { family: 'spaces between digit groups', from: text((n) => groups(n)?.join(' ').replace(/^\+?/, '+')) },
  { family: 'dashes between digit groups', from: text((n) => groups(n)?.join('-').replace(/^\+?/, '+')) },
  {
    family: 'area code in parentheses',
    from: text((n) => groups(n)?.reduce((out, g, i) => (i === 1 ? `${out}(${g})` : i === 3 ? `${out}-${g}` : out + g), '+')),
  },
  { family: 'leading 00 instead of +', from: text((n) => (n.startsWith('+') ? `00${n.slice(1)}` : undefined)) },
  { family: 'missing +', from: text((n) => (n.startsWith('+') ? n.slice(1) : undefined)) },
  { family: 'Arabic-Indic digits', from: text((n) => (n.startsWith('+') ? `+${arabicIndic(n.slice(1))}` : undefined)) },
  { family: 'a trailing space', from: text((n) => `${n} `) },
];

// a UUID is 36 characters, hyphens at fixed places (RFC 9562); lenient parsers take the other spellings
const uuidNearMisses: readonly NearMiss[] = [
  { family: 'UUID without hyphens', from: text((u) => u.replaceAll('-', '')) },
  { family: 'UUID in braces', from: text((u) => `{${u}}`) },
  { family: 'UUID missing its last character', from: text((u) => u.slice(0, -1)) },
];

const uriNearMisses: readonly NearMiss[] = [{ family: 'URL without its scheme', from: text((u) => u.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '') || undefined) }];

const formatNearMisses: Readonly<Record<string, readonly NearMiss[]>> = { e164: e164NearMisses, uuid: uuidNearMisses, uri: uriNearMisses };

/** The valid value near-misses are made from when the field's own value has none (an example E.164 number is too short to group). */
export function nearMissBase(schema: JsonSchema): unknown {
  // 555-0100 to 555-0199 are fictional numbers: no one is reached even by a target that normalises the near-miss
  return schema.format === 'e164' ? '+14155550100' : undefined;
}

const isInteger = (schema: JsonSchema) => schemaTypes(schema)?.includes('integer') === true;

/**
 * The near-misses of one constraint of a schema node, chosen by the constraint: enum prefixes, suffixes, case
 * variants and related fields' values; formatted, 00-prefixed, Unicode-digit phone numbers; mis-spelled UUIDs and
 * URLs; lengths one past the bound in astral characters; integers below zero or wrapping 32 bits. Each value must
 * still be checked to break the keyword (the caller does). Empty for a constraint without near-misses.
 */
export function nearMisses(schema: JsonSchema, keyword: ValueKeyword, context: NearMissContext = {}): NearMiss[] {
  switch (keyword) {
    case 'enum':
      return schema.enum === undefined ? [] : enumNearMisses(schema.enum, context);
    case 'format':
      return [...(formatNearMisses[schema.format ?? ''] ?? [])];
    case 'maxLength': {
      const max = schema.maxLength;
      if (max === undefined || schema.format !== undefined || schema.pattern !== undefined) return [];
      // spec §8 counts characters: one past the bound in astral characters is over it in every counting
      return [{ family: `${max + 1} astral characters`, from: () => textOfLength(max + 1, 'emoji') }];
    }
    case 'minimum':
      return schema.minimum !== undefined && schema.minimum > -1 ? [{ family: 'a negative number', from: () => -1 }] : [];
    case 'maximum': {
      const max = schema.maximum;
      // a 32-bit parser wraps 2^32 + max to max
      return max !== undefined && isInteger(schema) && max >= 0 ? [{ family: 'wraps to the bound in 32 bits', from: () => 2 ** 32 + max }] : [];
    }
    default:
      return [];
  }
}
