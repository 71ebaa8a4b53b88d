/** The longest string value shown as it is; a longer one is told by its length. */
const shownStringLimit = 40;

/** Names whose values are never shown, only their kind (spec §2.3: a signing secret must not reach a report). */
const hiddenNames = /secret|key|token|password|authorization/i;

/**
 * What an answer holds at a JSON pointer, in a few words ("a string of 71 characters", "the number 3", "nothing"): the
 * operations table's "what was found" beside a wrong shape's pointer. Never a secret: a string is shown only when it
 * is short, printable ASCII and not under a name like signing_secret; anything else by its kind and size.
 */
export function foundAt(json: unknown, pointer: string): string {
  const segments = pointer === '' ? [] : pointer.split('/').slice(1).map(unescapeSegment);
  let value: unknown = json;
  for (const segment of segments) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, segment)) return 'nothing';
    value = (value as Record<string, unknown>)[segment];
  }
  return describe(value, segments.at(-1) ?? '');
}

function describe(value: unknown, name: string): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length} item(s)`;
  switch (typeof value) {
    case 'string':
      return value.length <= shownStringLimit && /^[\x20-\x7e]*$/.test(value) && !hiddenNames.test(name)
        ? `the string ${JSON.stringify(value)}`
        : `a string of ${value.length} characters`;
    case 'number':
    case 'boolean':
      return `${typeof value === 'number' ? 'the number' : 'the boolean'} ${String(value)}`;
    case 'object': {
      const keys = Object.keys(value as object);
      return keys.length === 0 ? 'an empty object' : `an object with ${keys.length} field(s)`;
    }
    default:
      return 'nothing';
  }
}

/** RFC 6901: ~1 is '/', ~0 is '~'. */
function unescapeSegment(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}
