import { createHmac } from 'node:crypto';
import { around } from '../../around.js';
import type { ReferenceContext } from '../../context.js';
import type { Attempt } from '../../webhooks/dispatcher.js';
import type { Patches } from './patch.js';
import { createdViews, previousSecrets } from './webhook-history.js';

/** The secrets an attempt is signed with, chosen otherwise: `choose` returns them, or undefined for the service's. */
function signedWith(choose: (attempt: Attempt, ref: ReferenceContext, previous: Map<string, string>) => string[] | undefined) {
  return (ref: ReferenceContext) => {
    const previous = previousSecrets(ref);
    around(ref.dispatcher, 'signingSecrets', (next, attempt) => choose(attempt, ref, previous) ?? next(attempt));
  };
}

/** The service scheme's v1 made otherwise (DESIGN §4: hex HMAC-SHA256 over "<t>.<body>"). */
function macOf(algorithm: 'sha1' | 'sha256', signsTimestamp: boolean, digest: 'hex' | 'base64') {
  return ({ dispatcher }: ReferenceContext) =>
    around(dispatcher, 'mac', (_, secret, t, raw) => {
      const hmac = createHmac(algorithm, secret);
      if (signsTimestamp) hmac.update(`${t}.`);
      return hmac.update(raw).digest(digest);
    });
}

/** The secret a webhook had before its last rotation, if it had one. */
function previousOf(attempt: Attempt, previous: Map<string, string>): string[] | undefined {
  const secret = attempt.dest.webhookId === null ? undefined : previous.get(attempt.dest.webhookId);
  return secret === undefined ? undefined : [secret];
}

/** The faults of delivery signatures (spec §5.3, DESIGN §4): the secrets, the timestamp, the MAC. */
export const signaturePatches: Patches = {
  'no-signature-header': ({ dispatcher }) => around(dispatcher, 'sign', () => ({})),
  'signature-timestamp-ms': ({ dispatcher, options }) => around(dispatcher, 'timestamp', () => options.clock()),
  'signature-hmac-sha1': macOf('sha1', true, 'hex'),
  'timestamp-not-signed': macOf('sha256', false, 'hex'),
  'signature-base64': macOf('sha256', true, 'base64'),
  // the old secret keeps signing beside the new one after a rotation
  'rotation-grace-period': signedWith((attempt, _, previous) => {
    const old = previousOf(attempt, previous);
    return old && [attempt.dest.secret(), ...old];
  }),
  'signed-with-old-secret': signedWith((attempt, _, previous) => previousOf(attempt, previous)),
  'test-keeps-old-secret': signedWith((attempt, _, previous) => (attempt.test ? previousOf(attempt, previous) : undefined)),
  // the secret is read once, from the workspace's first webhook
  'signing-secret-cached': signedWith((attempt, { store }) => {
    const first = attempt.dest.webhookId === null ? undefined : store.listWebhooks()[0];
    return first && [first.signing_secret];
  }),
  // events (not tests) are signed with the secret the webhook was created with
  'events-keep-old-secret': (ref) => {
    const created = createdViews(ref);
    signedWith((attempt) => {
      const secret = attempt.test || attempt.dest.webhookId === null ? undefined : created.get(attempt.dest.webhookId)?.secret;
      return secret === undefined ? undefined : [secret];
    })(ref);
  },
  // a retry sends the first attempt's signature headers again (a stale timestamp)
  'retry-signature-reused': ({ dispatcher }) => {
    // by body, then delivery id: the headers go when the delivery's body does
    const first = new WeakMap<Buffer, Map<string, Record<string, string>>>();
    around(dispatcher, 'sign', (next, attempt) => {
      const byId = first.get(attempt.body) ?? new Map<string, Record<string, string>>();
      first.set(attempt.body, byId);
      const headers = (attempt.n > 1 && !attempt.test ? byId.get(attempt.deliveryId) : undefined) ?? next(attempt);
      if (!attempt.test && !byId.has(attempt.deliveryId)) byId.set(attempt.deliveryId, headers);
      return headers;
    });
  },
};
