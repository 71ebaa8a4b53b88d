import { createHmac } from 'node:crypto';
import type { Delivery } from '../receiver/index.js';

/** What signature verification reads of a delivery: its raw body and header lines. */
export interface SignedDelivery {
  readonly raw: Delivery['raw'];
  readonly headers: Readonly<Record<string, string>>;
  readonly headerPairs: readonly (readonly [string, string])[];
}

/**
 * spec §5.3: deliveries carry a signature header "named Service-Signature here" that verifies with the webhook's
 * signing_secret (HMAC-SHA256); "the exact signed content and header value format: not shown". So the must-level
 * reading accepts a valid HMAC-SHA256 under the secret in any common construction, in any header:
 * - signed content: the raw body; `<t>.<raw body>` with t as the delivery sends it (unix seconds or milliseconds);
 *   Standard Webhooks' `<webhook-id>.<t>.<raw body>`; a compact re-serialization of the JSON, with or without `<t>.`;
 * - encoding: hex (either case), base64 or base64url (padded or not), with or without a `v1=`, `v1,` or `sha256=`
 *   prefix (DESIGN.md's service scheme, Standard Webhooks, GitHub style);
 * - key: the secret string's UTF-8 bytes, or the bytes its part after `whsec_` encodes (base64 as Standard
 *   Webhooks reads it, or hex).
 * Whether a delivery follows the configured scheme exactly is the should-level SIGNATURE-SERVICE-SCHEME.
 */
export interface AnyConstructionMatch {
  /** The header that carries the matching HMAC. */
  readonly header: string;
  /** What was signed, e.g. "t.raw" (t from the header t=…). */
  readonly content: string;
  readonly encoding: 'hex' | 'base64';
}

// a timestamp as the delivery carries it: t=<digits> in any header value, or a *-timestamp header
function timestamps(delivery: SignedDelivery): string[] {
  const found = new Set<string>();
  for (const [name, value] of delivery.headerPairs) {
    for (const match of value.matchAll(/(?:^|[,;\s])t=(\d{1,16})(?=$|[,;\s])/g)) found.add(match[1] as string);
    if (/timestamp$/.test(name) && /^\d{1,16}$/.test(value.trim())) found.add(value.trim());
  }
  return [...found];
}

function contents(delivery: SignedDelivery): [string, Buffer][] {
  const raw = delivery.raw;
  const out: [string, Buffer][] = [['raw', raw]];
  let json: Buffer | undefined;
  try {
    json = Buffer.from(JSON.stringify(JSON.parse(raw.toString('utf8'))), 'utf8');
    out.push(['json', json]);
  } catch {
    json = undefined;
  }
  const id = delivery.headers['webhook-id'];
  for (const t of timestamps(delivery)) {
    out.push(['t.raw', Buffer.concat([Buffer.from(`${t}.`), raw])]);
    if (json) out.push(['t.json', Buffer.concat([Buffer.from(`${t}.`), json])]);
    if (id !== undefined) out.push(['id.t.raw', Buffer.concat([Buffer.from(`${id}.${t}.`), raw])]);
  }
  return out;
}

function keys(secret: string): Buffer[] {
  const out = [Buffer.from(secret, 'utf8')];
  const rest = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : undefined;
  if (rest) {
    out.push(Buffer.from(rest, 'base64'));
    if (/^(?:[0-9a-f]{2})+$/i.test(rest)) out.push(Buffer.from(rest, 'hex'));
  }
  return out;
}

// the signature-looking tokens of a header value: "t=1,v1=ab" → ["1", "ab"]; "v1,AbC= v1,dEf=" → ["v1", "AbC=", ...]
function tokens(value: string): string[] {
  return value
    .split(/[\s,;]+/)
    .map((token) => token.replace(/^[A-Za-z0-9_-]{1,16}=(?=.)/, ''))
    .filter((token) => token.length >= 20);
}

function encodings(digest: Buffer): [AnyConstructionMatch['encoding'], string][] {
  const base64 = digest.toString('base64');
  return [
    ['hex', digest.toString('hex')],
    ['base64', base64],
    ['base64', base64.replace(/=+$/, '')],
    ['base64', digest.toString('base64url')],
  ];
}

/** What a delivery offers to verify: its signature-looking tokens (with their header) and the contents that may be signed. */
interface Signable {
  readonly candidates: readonly (readonly [string, string])[];
  readonly contents: readonly [string, Buffer][];
}

// made once per delivery: the history's rules try one delivery with several secrets (a rotation's old and new, issue 28)
const signables = new WeakMap<SignedDelivery, Signable>();

function signable(delivery: SignedDelivery): Signable {
  let known = signables.get(delivery);
  if (known === undefined) {
    const candidates = delivery.headerPairs.flatMap(([name, value]) => tokens(value).map((token) => [name, token] as const));
    known = { candidates, contents: candidates.length === 0 ? [] : contents(delivery) };
    signables.set(delivery, known);
  }
  return known;
}

/** The first header of the delivery that carries an HMAC-SHA256 under the secret in a common construction, if any. */
export function anyConstruction(delivery: SignedDelivery, secret: string): AnyConstructionMatch | undefined {
  const { candidates, contents } = signable(delivery);
  if (candidates.length === 0) return undefined;
  for (const key of keys(secret)) {
    for (const [content, bytes] of contents) {
      const forms = encodings(createHmac('sha256', key).update(bytes).digest());
      for (const [header, token] of candidates) {
        const form = forms.find(([encoding, text]) => (encoding === 'hex' ? token.toLowerCase() === text : token === text));
        if (form) return { header, content, encoding: form[0] };
      }
    }
  }
  return undefined;
}

/** True when some header's name says it carries a signature (for telling a missing header from a wrong one). */
export function hasSignatureLikeHeader(delivery: SignedDelivery, configured: string): boolean {
  return delivery.headerPairs.some(([name]) => name === configured || /signature/.test(name));
}
