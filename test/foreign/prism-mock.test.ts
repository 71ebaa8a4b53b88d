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
  'MSG-CREATED-AT-NOW': 'every Message carries the one created_at of its example (2019), not the time of the send',
  'MSG-LIST-FILTER-STATUS': 'no state: the list answers the same example message whatever status it is asked to filter by',
  'MSG-LIST-FILTER-DIRECTION': 'the same for the direction filter',
  'PAGE-TOTAL-CONSISTENT': "the example pagination object (total 0, has_more true) does not count the run's messages",
  'MSG-LIST-RESPONSE': 'the listed example Message has to "string": not a Message of §2.1',
  'MSG-LIST-LIMIT-DEFAULT': 'without limit the example page says limit 1 and holds 1 item while has_more is true',
  'PAGE-OBJECT-ECHO': 'page 1 with limit 20 answers the example pagination (limit 1)',
  'PAGE-BEYOND-LAST': 'a page past the end answers the example item',
  'IDEM-DISTINCT-KEYS': 'two sends with distinct keys answer the one example id',
  'WH-URL-FORMAT': 'no URL rule of §4.2 is in the schema: https:// without a host is accepted (201/200)',
  'WH-URL-HTTPS': 'the same: http:// and ftp:// are accepted',
  'WH-URL-PRIVATE': 'the same: loopback, private and link-local addresses are accepted',
  'WH-URL-NON-PUBLIC': 'the same for the other non-public ranges, at should',
  'WH-URL-USERINFO': 'the same for URLs with user info, at should',
  'WH-SECRET-ONCE': 'the list answers the example webhook with its signing_secret',
  'WH-SECRET-UNIQUE': 'every create answers the one example secret',
  'WH-ROTATE-NEW-SECRET': 'rotate-secret answers the example secret, the one create gave',
  'WH-TEST-RECORDED': 'no state: 51 test sends leave the one example delivery record',
  'SIM-WEBHOOK-URL': "run with the simulator profile, Prism sends no event to a simulator's one configured URL",
  'SIM-WEBHOOK-URL-ALL-WEBHOOKS': 'the same for the deliveries of registered webhooks, at should',
  'WH-UPDATE-RESPONSE': "PUT answers the example webhook (url http://example.com), not the request's url",
  'MSG-GET-UNKNOWN-4XX': 'no state: GET of any message id answers 200 with the example',
  'MSG-GET-UNKNOWN-404': 'the same, at should',
};

/**
 * The roots the blocked checks wait on, and why each blocks: a check that reads a field a baseline found wrong is
 * blocked naming it (issue 34: block by what a check reads); the rest of what uses these operations runs.
 */
const blockers: Readonly<Record<string, string>> = {
  'WEBHOOK-CREATE-ACCEPTS-VALID': "the created webhook's url is the example's: the history checks read the webhook as answered",
  'CONTRACT-SENDMESSAGE-POSITIVE': 'the Message answered has to "string": the delivery and round-trip checks read it',
  'CONTRACT-SENDTEMPLATEMESSAGE-POSITIVE': 'the same for send-template',
  'CONTRACT-LISTMESSAGES-POSITIVE': 'the listed Message has to "string": the assumed-shape check reads every field',
  'CONTRACT-LISTWEBHOOKS-POSITIVE': 'the list carries signing_secret (a finding with no field to name: what reads the list waits)',
  'CONTRACT-UPDATEWEBHOOK-POSITIVE': 'the same for PUT',
  // its baseline first waits for a test delivery, which Prism never sends
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
  [/nothing to judge MSG-LIST-ORDER by/, 'every list holds the one example message: no two created_at to order'],
  [/did not show the created webhook with its url and events before the PUTs/, 'its list never shows the webhook as created: no state to compare'],
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
    expect(failed.filter((id) => !(id in breaks))).toEqual([]);
    expect(Object.keys(breaks).filter((id) => !failed.includes(id))).toEqual([]);
    const violated = new Set(withStatus('failed').flatMap((c) => c.violated ?? []));
    expect([...violated].filter((id) => !(id in breaks))).toEqual([]);
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
