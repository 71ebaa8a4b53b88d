/** At most this many characters of a failure's reason go into a known-failures entry. */
const maxChars = 160;

// what differs from run to run in the same failure's reason: its dumped bodies, ids, times and the property's preamble
const propertyPreamble = /^property ".*" failed after \d+ case\(s\), shrunk \d+ time\(s\) \([^)]*\): /;
const tails = [/; counterexample:/, / \(body: /, /\[\{/, /\{"/];
const uuid = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const dateTime = /\b\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})?/g;
const exchangeNumber = /#\d+ /g;
const offsets = /,? ?\+\d+(\.\d+)? s(…\+\d+(\.\d+)? s)?/g;
// control and bidi characters: a reason quotes the target, and this one is written into a file people read in a diff
// eslint-disable-next-line no-control-regex
const invisible = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A failure's reason as a known-failures entry keeps it: its first line without the property preamble, the dumped
 * bodies and counterexample, with ids and times replaced, cut to 160 characters. The same failure in another run
 * reads the same (a file rewritten by --baseline-update changes only where the failures did).
 */
export function shortReason(reason: string | undefined): string | undefined {
  if (reason === undefined) return undefined;
  let text = (reason.split('\n')[0] ?? '').replace(propertyPreamble, '');
  for (const tail of tails) {
    const at = text.search(tail);
    if (at > 0) text = text.slice(0, at);
  }
  text = text.replace(invisible, '').replace(uuid, '<id>').replace(dateTime, '<time>').replace(exchangeNumber, '').replace(offsets, '');
  text = text
    .replace(/\s+/g, ' ')
    .replace(/[\s:;,(]+$/, '')
    .trim();
  if (text.length <= maxChars) return text === '' ? undefined : text;
  const cut = text.slice(0, maxChars - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > maxChars / 2 ? cut.slice(0, space) : cut}…`;
}
