import type { Delivery } from '../../receiver/index.js';
import type { Check, CheckContext, Level } from '../checks/index.js';
import { defaultSignature } from '../../targets/index.js';
import type { Profile, SignatureConvention, Target } from '../../targets/index.js';
import { analyzeSignature, describeConvention, describeSignature, signatureHeaderOf, toleranceSeconds } from './signature-analysis.js';
import type { SignatureAnalysis } from './signature-analysis.js';
import { anyConstruction, hasSignatureLikeHeader } from '../../rules/index.js';
import { judgedConvention } from './signature-convention.js';
import type { JudgedConvention } from './signature-convention.js';
import { allWebhookEvents } from './webhook-fixture.js';
import type { WebhookFixture } from './webhook-fixture.js';
import { arrivalsAt, eventOf, messageEventCheck, reports, waitForArrivals } from './webhook-helpers.js';
import { sendMessage } from './scenario-helpers.js';
import { defineWebhookCheck } from './webhook-check.js';

const suite = 'scenarios/signatures';

/**
 * A test send and the lifecycle events of one message, all captured at one webhook's path, with its secret. A check
 * of the convention (`conventionOnly`) judges under judgedConvention's: the decision, or what the target was found to
 * use when the user named none; the must checks under the configured one (they accept any construction).
 */
async function signedDeliveries(
  ctx: CheckContext,
  hooks: WebhookFixture,
  conventionOnly: boolean,
  run: (deliveries: readonly Delivery[], secret: string, judged: JudgedConvention) => void,
): Promise<void> {
  const hook = await hooks.create(allWebhookEvents);
  await hooks.testSend(hook);
  const id = await sendMessage(ctx);
  await waitForArrivals(ctx, `the events of message ${id}`, (d) => d.path === hook.path && reports(d, id), {
    count: 2,
    breaks: ctx.cited ?? 'EVT-STATUS-REPORTED',
    backlogAt: hook.path,
  });
  // every delivery at this path was meant for this webhook, whichever message it reports: all must be signed
  const deliveries = arrivalsAt(ctx, hook.path);
  run(deliveries, hook.secret, conventionOnly ? judgedConvention(ctx, deliveries, hook.secret) : { convention: ctx.target.conventions.signature });
}

/** What is wrong with one delivery's signature, and the requirement that shows broken (default: the check's first). */
type SignatureFinding = string | { readonly why: string; readonly breaks: string };

/**
 * A check that analyses every captured delivery and lists the ones that break `problem`; `convention` may rule it
 * out. A should check judges the configured convention (and skips when deliveries follow another, see
 * signature-convention.ts); a must check accepts any common construction (rules/signature-constructions.ts), so it never skips.
 */
function signatureCheck(
  id: string,
  title: string,
  requirements: string[],
  level: Level,
  problem: (
    analysis: SignatureAnalysis,
    delivery: Delivery,
    convention: SignatureConvention,
    secret: string,
    judged: JudgedConvention,
  ) => SignatureFinding | undefined,
  convention: (signature: SignatureConvention) => true | string = () => true,
): Check {
  return defineWebhookCheck({
    id,
    title,
    suite,
    requirements,
    level,
    ...messageEventCheck,
    appliesTo: (profile: Profile, target: Target) => {
      const events = messageEventCheck.appliesTo(profile);
      return events === true ? convention(target.conventions.signature) : events;
    },
    run: (ctx, hooks) =>
      signedDeliveries(ctx, hooks, level !== 'must', (deliveries, secret, judged) => {
        const signature = judged.convention;
        const found = deliveries.flatMap((d) => {
          const finding = problem(analyzeSignature(d, secret, signature), d, signature, secret, judged);
          if (finding === undefined) return [];
          const { why, breaks } = typeof finding === 'string' ? { why: finding, breaks: requirements[0] as string } : finding;
          return [{ text: `#${d.seq} ${eventOf(d) ?? '?'}: ${why}`, breaks }];
        });
        const broken = [...new Set(found.map((f) => f.breaks))];
        ctx.expect(
          found.length === 0,
          `${found.length} of ${deliveries.length} deliveries: ${found
            .slice(0, 3)
            .map((f) => f.text)
            .join('; ')}`,
          { requirements: broken.length > 0 ? broken : [requirements[0] as string] },
        );
      }),
  });
}

/**
 * spec §5.3: every delivery carries a signature header that verifies as an HMAC-SHA256 under the webhook's secret. The
 * signed content and header format are "not shown": any common construction in any header passes (rules/signature-constructions.ts).
 */
export const hmacVerifies = signatureCheck(
  'SIGNATURE-HMAC-VERIFIES',
  'every delivery carries a signature header with an HMAC-SHA256 under the webhook secret (any common construction: spec §5.3 does not show one)',
  ['SIG-HEADER-PRESENT', 'SIG-HMAC-SHA256'],
  'must',
  (a, d, c, secret) => {
    if (anyConstruction(d, secret) !== undefined) return undefined;
    if (!hasSignatureLikeHeader(d, signatureHeaderOf(c)))
      return { why: `no signature header (no ${signatureHeaderOf(c)}, none named *signature*: spec §5.3)`, breaks: 'SIG-HEADER-PRESENT' };
    return {
      why: `no header carries an HMAC-SHA256 under the webhook secret in any common construction (${describeSignature(a, c)})`,
      breaks: 'SIG-HMAC-SHA256',
    };
  },
);

/** DESIGN.md §4: the exact bytes sent are signed, not a re-serialization of the payload. */
export const rawBodySigned = signatureCheck(
  'SIGNATURE-RAW-BODY',
  'the HMAC covers the raw body bytes as sent, not a re-serialization',
  ['SIG-RAW-BODY'],
  'should',
  (a, _d, c) =>
    a.matched.some((m) => m === 't.raw' || m === 'raw' || m === 'id.t.raw') ? undefined : `the raw body is not what was signed: ${describeSignature(a, c)}`,
);

/** DESIGN.md §4: t is signed ("<t>.<body>") and within 5 minutes of arrival. */
export const timestampSigned = signatureCheck(
  'SIGNATURE-TIMESTAMP',
  'the signature timestamp is part of the signed content and within 300 s of arrival',
  ['SIG-TIMESTAMP'],
  'should',
  (a, _d, c) => {
    if (a.timestamp === undefined) return 'the signature carries no timestamp';
    if (!a.matched.some((m) => m === 't.raw' || m === 't.json' || m === 'id.t.raw')) return `the timestamp is not signed: ${describeSignature(a, c)}`;
    return (a.skewSeconds ?? 0) > toleranceSeconds ? `t is ${Math.round(a.skewSeconds ?? 0)} s away from the arrival` : undefined;
  },
  // GitHub-style signatures have no timestamp by construction: nothing to judge when the user says the target uses them
  (c) => (c.scheme === 'github' ? 'the target signs with the github scheme (--signature-scheme), which has no timestamp' : true),
);

/**
 * DESIGN.md §4: the header is Service-Signature: t=<unix>,v1=<hex>; or the scheme and header the user gave. A target
 * that signs another way while the user named nothing differs from the decision: a should failure naming the setting.
 */
export const serviceScheme = signatureCheck(
  'SIGNATURE-SERVICE-SCHEME',
  "the signature header has the exact format of the target's scheme (Service-Signature: t=<unix>,v1=<hex> unless --signature-*) and verifies with it (300 s tolerance)",
  ['SIG-HEADER-NAME', 'SIG-HEADER-FORMAT'],
  'should',
  (a, _d, _c, _secret, judged) => {
    if (judged.differs !== undefined) {
      const renamedOnly = judged.differs.convention.scheme === 'service';
      return {
        why: `signed with ${describeConvention(judged.differs.convention)} where DESIGN.md §4 decides ${describeConvention(defaultSignature)} with t=<unix>,v1=<hex>; if that is the target's own convention, describe it: ${judged.differs.setting}`,
        breaks: renamedOnly ? 'SIG-HEADER-NAME' : 'SIG-HEADER-FORMAT',
      };
    }
    return a.scheme.ok ? undefined : { why: a.scheme.message, breaks: a.header === undefined ? 'SIG-HEADER-NAME' : 'SIG-HEADER-FORMAT' };
  },
);

/** DESIGN.md §4: Service-Event names the event and Service-Delivery-Id identifies the delivery. */
export const extraHeaders = signatureCheck(
  'SIGNATURE-EXTRA-HEADERS',
  'deliveries carry Service-Event (the payload event) and Service-Delivery-Id',
  ['SIG-EXTRA-HEADERS'],
  'should',
  (_a, d) => {
    const event = (d.json as { event?: unknown } | undefined)?.event;
    if (d.headers['service-event'] === undefined || d.headers['service-event'] !== event)
      return `Service-Event is ${JSON.stringify(d.headers['service-event'])}, payload event ${JSON.stringify(event)}`;
    return d.headers['service-delivery-id'] ? undefined : 'no Service-Delivery-Id header';
  },
  // DESIGN.md §4 pairs these headers with Service-Signature; a target described with another signature has its own
  (c) =>
    c.scheme === 'service' && c.header.toLowerCase() === 'service-signature'
      ? true
      : `Service-Event and Service-Delivery-Id go with the Service-Signature header (DESIGN.md §4); the target is described as signing with ${describeConvention(c)}`,
);

/** spec §2.3: each webhook has its own secret; its deliveries verify with it and not with another webhook's, also after another's rotation. */
export const perWebhook = defineWebhookCheck({
  id: 'SIGNATURE-PER-WEBHOOK',
  title: "a webhook's deliveries verify with its own secret and not with another webhook's",
  suite,
  requirements: ['SIG-PER-WEBHOOK'],
  level: 'must',
  async run(ctx, hooks) {
    const a = await hooks.create(['message.failed']);
    const b = await hooks.create(['message.failed']);
    // both directions: a target that signs with one shared or cached secret passes for one of the two webhooks
    const signature = ctx.target.conventions.signature;
    // must: any common construction counts (spec §5.3 does not show one), so nothing is skipped for the convention
    for (const [own, other, name] of [
      [a, b, 'A'],
      [b, a, 'B'],
    ] as const) {
      const { delivery } = await hooks.testSend(own);
      const analysis = analyzeSignature(delivery, own.secret, signature);
      ctx.expect(
        anyConstruction(delivery, own.secret) !== undefined,
        `the test delivery of webhook ${name} does not verify with its own secret (${describeSignature(analysis, signature)})`,
      );
      ctx.expect(anyConstruction(delivery, other.secret) === undefined, `the test delivery of webhook ${name} verifies with the other webhook's secret`);
    }
    // spec §4.2: rotate-secret replaces the secret of the webhook it names, and only that one's (a rotation that lost
    // its id condition gives every webhook of the workspace the new secret). Not a use of the operation: a target
    // without it leaves this step to rotate-secret's own baseline.
    const rotated = await ctx.http.request({ method: 'POST', path: `/v1/webhooks/${a.id}/rotate-secret` });
    const fresh = (rotated.json as { signing_secret?: unknown } | undefined)?.signing_secret;
    if (rotated.status === undefined || rotated.status < 200 || rotated.status >= 300 || typeof fresh !== 'string')
      return ctx.log(`rotate-secret of webhook A answered ${rotated.status ?? 'nothing'} without a new secret: the rotation step was left out`);
    const { delivery } = await hooks.testSend(b);
    ctx.expect(
      anyConstruction(delivery, b.secret) !== undefined,
      `after rotate-secret of webhook A, the test delivery of webhook B does not verify with B's own secret: the rotation changed another webhook's secret`,
    );
    ctx.expect(anyConstruction(delivery, fresh) === undefined, `after rotate-secret of webhook A, the test delivery of webhook B verifies with A's new secret`);
  },
});

export const signatureChecks = [hmacVerifies, rawBodySigned, timestampSigned, serviceScheme, extraHeaders, perWebhook];
