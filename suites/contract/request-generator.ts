import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { schemas, validate } from '../../spec/index.js';
import type { Operation } from '../../spec/index.js';
import type { TargetConventions } from '../../targets/index.js';
import { boundaryValues, exampleValue, plainValue, validArbitrary } from '../arbitraries/index.js';
import type { JsonSchema } from '../arbitraries/index.js';
import { partSchema } from './contract-request.js';
import type { Location } from '../../rules/index.js';
import type { RequestParts } from './contract-request.js';
import { operationFixtures } from './operation-fixtures.js';
import { positiveSchema, stringPaths } from './schema-tools.js';

/** A labelled valid request at a boundary of one constraint. */
export interface BoundaryRequest {
  readonly label: string;
  readonly parts: RequestParts;
}

/** Valid requests of one operation, drawn from its schemas. */
export interface RequestGenerator {
  readonly operation: Operation;
  /** True when the operation has query, header or body parts to vary (else every request is the same). */
  readonly varies: boolean;
  /** Random valid requests. */
  valid(path?: Readonly<Record<string, string>>): fc.Arbitrary<RequestParts>;
  /** One deterministic valid request (optional headers left out). */
  example(path?: Readonly<Record<string, string>>): RequestParts;
  /** One part of example(path), made without drawing the others where they do not change it (listing draws no body). */
  examplePart(location: Location, path?: Readonly<Record<string, string>>): unknown;
  /**
   * The plain valid request a person would try (ASCII words, a real-looking E.164 number, required fields only), where
   * the contract takes it; else the example. A baseline sends it first, so its counterexample reads plainly.
   */
  plain(path?: Readonly<Record<string, string>>): RequestParts;
  /** Valid requests at the boundaries of every constraint, in schema order. */
  boundaries(path?: Readonly<Record<string, string>>): BoundaryRequest[];
}

const generatedParts: readonly Location[] = ['query', 'headers', 'body'];
const visibleAscii = [...Array(0x7e - 0x21 + 1)].map((_, i) => String.fromCharCode(0x21 + i));
const urlWord = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: 1, maxLength: 12 });

/** What a request generator takes from the run besides the operation. */
export interface GeneratorOptions {
  /** The target's conventions (its template catalogue fills send-template bodies). */
  readonly conventions?: TargetConventions;
  /** A guarded target's --allow-recipient: the only values of a body's `to`. */
  readonly recipients?: readonly string[];
}

/** What a generator draws from one part of the request: the same for every check (webhook URLs stand as placeholders). */
interface GeneratedPart {
  readonly location: Location;
  readonly schema: JsonSchema;
  readonly pinned: Readonly<Record<string, fc.Arbitrary<unknown>>>;
  readonly arbitrary: fc.Arbitrary<unknown>;
  readonly example: unknown;
  /** The plain value (plainValue), pinned fields as in the example; the example where the contract refuses it. */
  readonly plain: unknown;
}

/** An operation's parts and boundary values with webhook URLs as placeholders: built once per process, not per check. */
interface GeneratorParts {
  readonly parts: readonly GeneratedPart[];
  /** Whether any part has a webhook URL: most operations have none, and their requests skip the placeholder walk. */
  readonly hasUrls: boolean;
  boundaries?: readonly { readonly location: Location; readonly label: string; readonly value: unknown }[];
}

/**
 * A webhook URL's word as a placeholder: every check gets URLs under its own receiver path, so the schema-derived
 * arbitraries, examples and boundary values (a twentieth of the harness's CPU time when built per check; bench:
 * harness) are shared and each generator swaps its URLs in when it finishes a request. A private-use character:
 * no generated text contains it, and a value that kept one would be refused visibly, never sent to a host.
 */
const urlPlaceholder = '\u{E000}webhook-url:';
const placeholderUrl = urlWord.map((word) => urlPlaceholder + word);

const builtParts = new WeakMap<Operation, Map<string, GeneratorParts>>();

function generatorParts(operation: Operation, recipients: readonly string[] | undefined): GeneratorParts {
  let byRecipients = builtParts.get(operation);
  if (!byRecipients) builtParts.set(operation, (byRecipients = new Map()));
  const key = recipients?.join(',') ?? '';
  let built = byRecipients.get(key);
  if (!built) {
    const parts = buildParts(operation, recipients);
    built = { parts, hasUrls: parts.some((p) => Object.values(p.pinned).includes(placeholderUrl)) };
    byRecipients.set(key, built);
  }
  return built;
}

function buildParts(operation: Operation, recipients: readonly string[] | undefined): GeneratedPart[] {
  return generatedParts.flatMap((location) => {
    const raw = partSchema(operation, location);
    if (raw === undefined) return [];
    const schema = positiveSchema(raw);
    // values the generator never varies: webhook URLs, and the recipient on a guarded target
    const pinned: Record<string, fc.Arbitrary<unknown>> = Object.fromEntries(stringPaths(schema, (s) => s.format === 'uri').map((p) => [p, placeholderUrl]));
    if (location === 'body' && recipients && recipients.length > 0 && schema.properties?.to !== undefined) pinned.to = fc.constantFrom(...recipients);
    // random header values are long enough to be unique: a reused Idempotency-Key with another body is a 422
    const headerValues = () =>
      location === 'headers' ? Object.fromEntries(stringPaths(schema, () => true).map((p) => [p, headerArbitrary(schemaAt(schema, p))])) : {};
    let arbitrary: fc.Arbitrary<unknown> | undefined;
    let example: { readonly value: unknown } | undefined;
    let plain: { readonly value: unknown } | undefined;
    // each made at its first use: listing or planning the checks makes every generator and draws from none (issue 28)
    const exampleOnce = () => (example ??= { value: ownedExample(schema, location, pinned) }).value;
    return [
      {
        location,
        schema,
        pinned,
        get arbitrary() {
          return (arbitrary ??= validArbitrary(schema, { overrides: { ...pinned, ...headerValues() } }));
        },
        get example() {
          return exampleOnce();
        },
        get plain() {
          return (plain ??= { value: plainPart(`${operation.id}.${location}`, schema, exampleOnce(), Object.keys(pinned)) }).value;
        },
      },
    ];
  });
}

/** A part's deterministic example: exampleValue, headers with the required ones only. */
function ownedExample(schema: JsonSchema, location: Location, pinned: Readonly<Record<string, fc.Arbitrary<unknown>>>): unknown {
  // headers keep their required ones only: with none required (an optional Idempotency-Key) there is nothing to draw
  if (location === 'headers' && schema.type === 'object' && (schema.required ?? []).length === 0) return {};
  const example = exampleValue(schema, { overrides: pinned });
  return location === 'headers' ? requiredOnly(schema, example) : example;
}

function boundaryParts(operation: Operation, built: GeneratorParts): NonNullable<GeneratorParts['boundaries']> {
  const salt = [...operation.id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 9973, 7);
  built.boundaries ??= built.parts.flatMap((p) =>
    boundaryValues(p.schema, { overrides: p.pinned }).map((c) => ({
      location: p.location,
      label: `${p.location} ${c.description}`,
      value: p.location === 'headers' ? ownHeaderValues(c.value, salt) : c.value,
    })),
  );
  return built.boundaries;
}

/** The value with every webhook-URL placeholder replaced by the URL of its word. */
function withUrls(value: unknown, webhookUrl: (word: string) => string): unknown {
  if (typeof value === 'string') return value.startsWith(urlPlaceholder) ? webhookUrl(value.slice(urlPlaceholder.length)) : value;
  if (Array.isArray(value)) return value.map((item) => withUrls(item, webhookUrl));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, withUrls(item, webhookUrl)]));
  return value;
}

/**
 * The request generator of an operation. `webhookUrl(word)` makes the URL every `format: uri` field gets: the
 * target's route to the harness's receiver (ctx.target.receiverUrl), never a generated host. `conventions` are the
 * target's (its template catalogue fills send-template bodies); `recipients`, when given (a guarded target's
 * --allow-recipient, DESIGN.md §5), are the only values of a body's `to` (spec §4.1).
 */
export function requestGenerator(operation: Operation, webhookUrl: (word: string) => string, options: GeneratorOptions = {}): RequestGenerator {
  const { conventions, recipients } = options;
  const fixture = operationFixtures[operation.id]?.adjustBody;
  const adjust = (body: unknown): unknown => (fixture ? fixture(body, conventions) : body);
  const built = generatorParts(operation, recipients);
  const { parts } = built;
  const finish = (placeheld: RequestParts): RequestParts => {
    const value = built.hasUrls ? (withUrls(placeheld, webhookUrl) as RequestParts) : placeheld;
    return distinctIdempotencyKey(value.body === undefined ? value : { ...value, body: adjust(value.body) }, operation.id);
  };
  const withPath = (path?: Readonly<Record<string, string>>): RequestParts => (path ? { path: { ...path } } : {});
  const placeheldExample = (path?: Readonly<Record<string, string>>): RequestParts => ({
    ...withPath(path),
    ...Object.fromEntries(parts.map((p) => [p.location, p.example])),
  });

  return {
    operation,
    varies: parts.length > 0,
    valid: (path) => {
      const record = Object.fromEntries(parts.map((p) => [p.location, p.arbitrary])) as Record<string, fc.Arbitrary<unknown>>;
      return fc.record(record).map((value) => finish({ ...withPath(path), ...value }));
    },
    example: (path) => finish(placeheldExample(path)),
    examplePart: (location, path) => {
      const own = parts.filter((p) => p.location === location);
      // finish() changes a part by its own values only, but for an Idempotency-Key whose tail is derived from the rest
      const alone = { ...withPath(path), ...Object.fromEntries(own.map((p) => [p.location, p.example])) };
      return (location === 'headers' && derivedKey(alone.headers) !== undefined ? finish(placeheldExample(path)) : finish(alone))[location];
    },
    plain: (path) => finish({ ...withPath(path), ...Object.fromEntries(parts.map((p) => [p.location, p.plain])) }),
    boundaries: (path) => {
      const base = placeheldExample(path);
      const all = boundaryParts(operation, built).map((b) => ({ label: b.label, parts: finish({ ...base, [b.location]: b.value }) }));
      // the limits of every constraint first, then the SMS encoding boundaries: a reduced run count still tries each limit
      return [...all.filter((b) => !encodingBoundary(b.label)), ...all.filter((b) => encodingBoundary(b.label))];
    },
  };
}

/**
 * A part's plain value with its pinned fields (webhook URLs, a guarded target's recipient) taken from the example, when
 * the contract's schema of the part takes it; else the example (DESIGN.md §3: plain counterexamples first).
 */
function plainPart(schemaName: string, schema: JsonSchema, example: unknown, pinned: readonly string[]): unknown {
  const plain = plainValue(schema);
  if (typeof plain !== 'object' || plain === null || typeof example !== 'object' || example === null) return example;
  const withPinned: Record<string, unknown> = { ...plain };
  for (const path of pinned) if (!path.includes('.') && path in example) withPinned[path] = (example as Record<string, unknown>)[path];
  if (pinned.some((path) => path.includes('.'))) return example;
  return schemas[schemaName] === undefined || validate(schemaName, withPinned).valid ? withPinned : example;
}

/** A boundary of the SMS encodings (segment lengths, alphabets counted in code points), not the limit of a constraint. */
function encodingBoundary(label: string): boolean {
  return /segment boundary\)$|counted in code points\)$/.test(label);
}

/**
 * Boundary header values rewritten to visible ASCII of the same length, distinct per operation: the deterministic
 * boundary values would otherwise be the same Idempotency-Key on both send operations, and a key reused with
 * another body is refused (DESIGN.md §4 idempotency: 422).
 */
function ownHeaderValues(headers: unknown, salt: number): unknown {
  if (typeof headers !== 'object' || headers === null) return headers;
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      typeof value !== 'string' ? value : [...value].map((c, i) => visibleAscii[((c.codePointAt(0) ?? 0) + salt + i * 7) % visibleAscii.length]).join(''),
    ]),
  );
}

function headerArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const min = Math.max(schema.minLength ?? 1, Math.min(16, schema.maxLength ?? 16));
  const max = Math.max(min, schema.maxLength ?? min + 64);
  return fc.string({ unit: fc.constantFrom(...visibleAscii), minLength: min, maxLength: max });
}

function schemaAt(schema: JsonSchema, dotted: string): JsonSchema {
  let node: unknown = schema;
  for (const step of dotted.split('.')) {
    const holder = node as JsonSchema;
    node = step === '*' ? holder.items : holder.properties?.[step];
  }
  return typeof node === 'object' && node !== null ? (node as JsonSchema) : {};
}

function requiredOnly(schema: JsonSchema, value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const required = new Set(schema.required ?? []);
  return Object.fromEntries(Object.entries(value).filter(([name]) => required.has(name)));
}

/**
 * fast-check's bias repeats small strings, so two generated requests with different bodies could share an
 * Idempotency-Key, which a conforming target refuses (DESIGN.md §4: same key + different body is 422). The key's
 * tail is therefore derived from the rest of the request: the same request keeps its key (a replay is still a
 * valid answer), different requests get different keys, and the length the generator chose is kept.
 */
function distinctIdempotencyKey(value: RequestParts, operationId: string): RequestParts {
  const headers = value.headers as Record<string, unknown> | undefined;
  const key = derivedKey(headers);
  if (key === undefined) return value;
  const digest = createHash('sha256')
    .update(JSON.stringify([operationId, value.path, value.query, value.body]))
    .digest();
  const tailLength = Math.min(key.length, 16);
  const tail = [...digest.subarray(0, tailLength)].map((byte) => visibleAscii[byte % visibleAscii.length]).join('');
  return { ...value, headers: { ...headers, 'idempotency-key': key.slice(0, key.length - tailLength) + tail } };
}

/** The headers' Idempotency-Key when distinctIdempotencyKey derives its tail from the rest of the request. */
function derivedKey(headers: unknown): string | undefined {
  const key = (headers as Record<string, unknown> | undefined)?.['idempotency-key'];
  return typeof key === 'string' && key.length >= 8 ? key : undefined;
}
