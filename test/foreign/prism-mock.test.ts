// Issue 34's acceptance: the harness against an implementation nobody here wrote, Prism's mock server of
// spec/openapi.yaml (static mode: its answers are the schemas' examples; it keeps no state, validates requests against
// the schemas but knows no custom format, and sends no webhook). Run as a user would (simulator profile: Prism accepts
// any key and has no rate limit), with the reference's template catalogue (Prism accepts any template id).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckResult, RunResult } from '../../suites/engine/index.js';
import { conform } from '../helpers/run-conform.js';
import { freePort } from '../support/free-port.js';
import { startPrismMock } from '../support/prism-mock.js';

/** Every requirement Prism's mock breaks, and why: the run's failed requirements are exactly these. */
const breaks: Readonly<Record<string, string>> = {
  'MSG-FIELD-TO-E164': 'its Message example has to "string": Prism fills a string of an unknown format (e164) with "string"',
  'TPL-RESPONSE': 'send-template answers the same example Message: to is "string", not the request\'s to',
  'MSG-SEND-RESPONSE': 'the same Message, seen by the model: its to is not E.164, so it is not a Message of §2.1',
  'MSG-SEND-ECHO': "a send answers the example Message, not the request's to, from and message",
  'MSG-ID-UNIQUE': 'every send answers the example id "string": the list shows it, so finding it there proves nothing',
  'MSG-SEND-TO-E164': 'it accepts to "+44abc": Prism ignores the custom format e164 when it validates a request',
  'TPL-TO-E164': 'the same for send-template',
  'IDEM-KEY-LENGTH': 'an empty Idempotency-Key is taken as no header and the send answers 201',
  'ERR-VALIDATION-400': "it refuses invalid input with 422 (Prism's validation status), DESIGN.md §4 decides 400",
  'ERR-METHOD-NOT-ALLOWED': 'its 405 to an unlisted method carries no Allow header',
  'WH-UNKNOWN-4XX': 'no state: every webhook id is found (PUT, DELETE, rotate, test, deliveries answer 2xx)',
  'WH-UNKNOWN-404': 'the same, at should',
  'WH-CREATE-RESPONSE': "a create answers the example webhook (url http://example.com), not the request's url and events",
  'WH-LIST-NO-SECRET': 'the list answers the example webhook with signing_secret: Prism\'s generator ignores the schema\'s "not present"',
  'WH-UPDATE-NO-SECRET': 'the same for PUT',
  'WH-TEST-SENDS-PAYLOAD': 'POST .../test answers success but sends nothing: no delivery ever reaches the receiver',
  'IDEM-BODY-MISMATCH-422': 'no state: a used Idempotency-Key with another body is a new send (201)',
  'TPL-FALLBACK': 'an unknown template with a fallback answers the example text, not the fallback',
  'TPL-FROM-ECHO': 'send-template answers from "string", not the request\'s from',
  'TPL-UNKNOWN-REJECTED': 'it accepts any template id, an unknown one too (201)',
  'TPL-UNKNOWN-404': 'the same, at should',
  'TPL-VARIANT-LANGUAGE': 'every variant answers the same example text',
};

/**
 * Requirements Prism breaks that the run may not fail, and why: a check breaks each, but the engine folds that failure
 * into a root of another requirement (on some runs only, as the checks' order falls). Harness misjudges, see issue 34
 * part 2/3 (blame and blocking): move these into `breaks` once that lands.
 */
const hidden: Readonly<Record<string, string>> = {
  // CONTRACT-GETMESSAGE-UNKNOWN-ID(-404) is folded into CONTRACT-GETMESSAGE-POSITIVE on some runs, not on others
  'MSG-GET-UNKNOWN-4XX': 'no state: GET of any message id answers 200 with the example',
  'MSG-GET-UNKNOWN-404': 'the same, at should',
  // WEBHOOK-UPDATE-ACCEPTS-VALID is folded into CONTRACT-UPDATEWEBHOOK-POSITIVE, which fails another requirement
  'WH-UPDATE-RESPONSE': "PUT answers the example webhook (url http://example.com), not the request's url",
};

/** The checks a failed one blocks, by the root it waits on: each a baseline that failed on the shape, not acceptance. */
const blockers: Readonly<Record<string, string>> = {
  // harness misjudges, see issue 34 part 2/3: createWebhook accepts valid input (201); only its echo is wrong, so its
  // URL-rule and events refusals (DESIGN.md §3 "blocking follows acceptance") should run
  'WEBHOOK-CREATE-ACCEPTS-VALID': 'the created webhook does not echo its url',
  // harness misjudges, see issue 34 part 2/3: both sends accept valid input; the idempotency scenarios could run
  'CONTRACT-SENDMESSAGE-POSITIVE': 'the Message answered has to "string"',
  'CONTRACT-SENDTEMPLATEMESSAGE-POSITIVE': 'the same for send-template',
  // harness misjudges, see issue 34 part 2/3: the list accepts valid queries; its pagination checks could run
  'CONTRACT-LISTMESSAGES-POSITIVE': 'the listed Message has to "string"',
  // the deliveries list is never tried: its baseline first waits for a test delivery, which Prism never sends
  'DELIVERY-LIST-ACCEPTS-DEFAULTS': 'no test delivery arrives',
};

/** Why a check is skipped against Prism: what it needs, Prism cannot have or the run was not asked for. */
const skips: readonly (readonly [RegExp, string])[] = [
  [/apply only to the (production, )?reference profile|apply only to the production/, 'keys, tiers, rate limit: the simulator profile has none'],
  [/needs a Starter-tier key/, 'Prism has no tiers'],
  [/needs a way to make the target receive an inbound message/, 'Prism has no virtual phone'],
  [/needs a recipient the target fails on purpose/, 'Prism fails no recipient'],
  [/no --dialect/, "Prism answers in the spec's names"],
  [/run it by name \(--check RATE-SCENARIO-RECOVERS\)/, 'waits out a minute, only by name'],
  [/the target is not at 127\.0\.0\.1:4001/, 'the default port of a simulator started on its defaults'],
];

let dir: string;
let result: RunResult;
let code: number;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'prism-mock-'));
  const prism = await startPrismMock();
  try {
    const out = join(dir, 'report');
    const receiverPort = String(await freePort());
    const args = ['--target', prism.baseUrl, '--profile', 'simulator', '--receiver-port', receiverPort, '--seed', '7'];
    const run = await conform([...args, '--templates', 'examples/conventions/reference-templates.json', '--reporter', 'json', '--out', out]);
    code = run.code;
    result = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as RunResult;
    console.log(`Prism's mock: ${JSON.stringify(result.summary.byStatus)}`);
  } finally {
    await prism.stop();
  }
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const withStatus = (status: CheckResult['status']): CheckResult[] => result.checks.filter((c) => c.status === status);

describe("the harness against Prism's mock of spec/openapi.yaml", () => {
  it('does not conform, and nothing errored (a slow machine would show here, never as a failure)', () => {
    expect(code).toBe(1);
    expect(withStatus('errored').map((c) => `${c.id}: ${c.reason ?? ''}`)).toEqual([]);
  });

  it('fails exactly the requirements Prism breaks: every failure one of them, every one of them failed', () => {
    const failed = result.requirements.filter((r) => r.status === 'failed').map((r) => r.id);
    expect(failed.filter((id) => !(id in breaks) && !(id in hidden))).toEqual([]);
    expect(Object.keys(breaks).filter((id) => !failed.includes(id))).toEqual([]);
    const violated = new Set(withStatus('failed').flatMap((c) => c.violated ?? []));
    expect([...violated].filter((id) => !(id in breaks) && !(id in hidden))).toEqual([]);
    for (const id of Object.keys(hidden)) expect(violated.has(id), `${id} is still found by some check`).toBe(true);
  });

  it('blames the requirement the exchange breaks (check-local fixes of issue 34)', () => {
    const violated = (id: string): readonly string[] | undefined => result.checks.find((c) => c.id === id)?.violated;
    // Growth could send (201): the answer's to is wrong, not the tier rule
    expect(violated('TIER-SCENARIO-GROWTH-FREEFORM')).toEqual(['MSG-SEND-ECHO']);
    // both sends answered id "string": the list's "string" is no proof of either
    expect(violated('PAGINATION-SCENARIO-CONTAINS-CREATED')).toEqual(['MSG-ID-UNIQUE']);
  });

  it('passes on evidence only', () => {
    const passed = withStatus('passed').filter((c) => !c.suite.startsWith('history/'));
    expect(passed.length).toBeGreaterThan(50);
    expect(passed.filter((c) => (c.evidence?.length ?? 0) === 0).map((c) => c.id)).toEqual([]);
  });

  it('blocks only behind the listed roots', () => {
    const roots = new Set(withStatus('blocked').map((c) => c.blockedBy ?? '(none)'));
    expect([...roots].sort()).toEqual(Object.keys(blockers).sort());
  });

  it('skips only what Prism cannot do or the run did not ask for, saying so', () => {
    const unexplained = withStatus('skipped').filter((c) => !skips.some(([reason]) => reason.test(c.reason ?? '')));
    expect(unexplained.map((c) => `${c.id}: ${c.reason ?? ''}`)).toEqual([]);
  });
});
