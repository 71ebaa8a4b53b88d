import type { Check, CheckContext } from '../checks/index.js';
import { sampled } from '../checks/index.js';
import type { WebhookFixture } from './webhook-fixture.js';
import { defineWebhookCheck } from './webhook-check.js';

const suite = 'scenarios/url-rules';

/** A URL that must be refused; `host` is the part after https:// (the path is added per check). */
interface BadUrl {
  readonly label: string;
  readonly url: (path: string, receiverHost: string) => string;
}

const onHost = (label: string, host: string): BadUrl => ({ label, url: (path) => `https://${host}${path}` });

// Only IP literals and `localhost`: the reference knows no DNS, and these URLs are only registered, never used.
const privateUrls: readonly BadUrl[] = [
  onHost('loopback 127.0.0.1', '127.0.0.1'),
  onHost('private 10.0.0.1', '10.0.0.1'),
  onHost('private 172.16.0.1', '172.16.0.1'),
  onHost('private 192.168.1.1', '192.168.1.1'),
  onHost('link-local metadata 169.254.169.254', '169.254.169.254'),
  onHost('IPv6 loopback [::1]', '[::1]'),
  onHost('IPv4-mapped loopback [::ffff:127.0.0.1]', '[::ffff:127.0.0.1]'),
  onHost('IPv6 link-local [fe80::1]', '[fe80::1]'),
  onHost('decimal loopback 2130706433', '2130706433'),
  onHost('octal loopback 0177.0.0.1', '0177.0.0.1'),
  onHost('hex loopback 0x7f.0.0.1', '0x7f.0.0.1'),
  onHost('localhost', 'localhost'),
];

const nonPublicUrls: readonly BadUrl[] = [
  onHost('shared address space 100.64.0.1', '100.64.0.1'),
  onHost('unspecified 0.0.0.0', '0.0.0.0'),
  onHost('unique local [fc00::1]', '[fc00::1]'),
  onHost('unique local [fd12:3456::1]', '[fd12:3456::1]'),
];

const httpUrls: readonly BadUrl[] = [
  { label: 'http:// on the receiver host', url: (path, host) => `http://${host}${path}` },
  { label: 'ftp:// on the receiver host', url: (path, host) => `ftp://${host}${path}` },
];

// Host names (not IP literals) that resolve to loopback wherever they are resolved (RFC 6761 §6.3).
const privateNameUrls: readonly BadUrl[] = [onHost('localhost', 'localhost'), onHost('localhost. (absolute)', 'localhost.'), onHost('LOCALHOST', 'LOCALHOST')];

// Not absolute URIs (spec §2.3 "string, uri"): the scheme-relative one names the receiver host, so only a target
// that guesses the scheme would take it.
const notAbsoluteUrls: readonly BadUrl[] = [
  { label: 'scheme-relative //host/path', url: (path, host) => `//${host}${path}` },
  { label: 'no scheme host/path', url: (path, host) => `${host}${path}` },
  { label: 'relative /path', url: (path) => path },
  { label: 'not a uri', url: () => 'not a uri' },
  { label: 'https:// without a host', url: () => 'https://' },
];

const userinfoUrls: readonly BadUrl[] = [
  { label: 'user:password@', url: (path, host) => `https://user:secret@${host}${path}` },
  { label: 'user@', url: (path, host) => `https://user@${host}${path}` },
];

/**
 * Registers each bad URL with create and as the update of a valid webhook; every one must be refused with a 4xx
 * (DESIGN.md §4: reject at create and update). Nothing is ever sent to these URLs: no test send is made, wrongly
 * created webhooks are deleted at once, and the receiver must have seen nothing under this check's paths.
 */
async function refuseAll(ctx: CheckContext, hooks: WebhookFixture, urls: readonly BadUrl[]): Promise<void> {
  const valid = await hooks.create(['message.failed']);
  const receiverHost = new URL(valid.url).host;
  const accepted: string[] = [];
  const updatedToo: string[] = [];
  for (const bad of urls) {
    if (ctx.signal.aborted) break;
    const url = bad.url(hooks.path('bad'), receiverHost);
    const created = await hooks.register({ url, events: ['message.delivered'] });
    if (created.status === undefined || created.status < 400 || created.status >= 500)
      accepted.push(`create ${bad.label} → ${created.status ?? created.error?.code}`);
    const updated = await hooks.update(valid.id, { url, events: ['message.delivered'] });
    if (updated.status === undefined || updated.status < 400 || updated.status >= 500)
      updatedToo.push(`update ${bad.label} → ${updated.status ?? updated.error?.code}`);
    if (updated.status !== undefined && updated.status < 300) await hooks.update(valid.id, { url: valid.url, events: valid.events });
  }
  await hooks.cleanup(); // wrongly created webhooks go before anything could be sent to them
  const traffic = ctx.receiver.store.all().filter((d) => d.path.startsWith(hooks.prefix) && d.path !== valid.path);
  // the check cites its URL rule first; an update that skips the rules breaks WH-UPDATE-VALIDATION when it cites that
  const [rule] = ctx.check.requirements as [string];
  const onUpdate = ctx.check.requirements.includes('WH-UPDATE-VALIDATION') ? 'WH-UPDATE-VALIDATION' : rule;
  ctx.expect(traffic.length === 0, `the receiver got ${traffic.length} requests for URLs that were only registered`, rule);
  ctx.expect(accepted.length === 0, `bad webhook URLs were not refused with a 4xx: ${[...accepted, ...updatedToo].join('; ')}`, rule);
  ctx.expect(updatedToo.length === 0, `bad webhook URLs were not refused with a 4xx at update: ${updatedToo.join('; ')}`, onUpdate);
}

function urlRuleCheck(id: string, title: string, requirements: string[], level: 'must' | 'should', urls: readonly BadUrl[]): Check {
  return defineWebhookCheck({
    id,
    title,
    suite,
    requirements,
    level,
    baseline: 'updateWebhook',
    // a create and an update per URL, and the valid webhook's create and delete (refused URLs create nothing)
    estimate: ({ samples }) => ({ requests: 2 * sampled(urls, samples).length + 2, sends: 0 }),
    run: (ctx, hooks) => refuseAll(ctx, hooks, sampled(urls, ctx.samples)),
  });
}

/** spec §2.3/§4.2: url is an HTTPS endpoint. */
export const httpsRequired = urlRuleCheck(
  'URL-RULES-HTTPS-REQUIRED',
  'a non-https webhook URL is refused at create and update',
  ['WH-URL-HTTPS', 'WH-UPDATE-VALIDATION'],
  'must',
  httpUrls,
);

/** spec §2.3: the url must not resolve to a private network, in any spelling. */
export const privateRefused = urlRuleCheck(
  'URL-RULES-PRIVATE-REFUSED',
  'private, loopback and link-local webhook URLs (any IPv4/IPv6 spelling, localhost) are refused at create and update',
  ['WH-URL-PRIVATE', 'WH-UPDATE-VALIDATION'],
  'must',
  privateUrls,
);

/** spec §2.3: a host name that resolves to a private address is refused like the address itself. */
export const privateNameRefused = urlRuleCheck(
  'URL-RULES-PRIVATE-NAME-REFUSED',
  'webhook URLs on a host name resolving to loopback (localhost) are refused at create and update',
  ['WH-URL-PRIVATE-DNS'],
  'must',
  privateNameUrls,
);

/** spec §2.3/§4.2: url is an absolute URI. */
export const notAbsoluteRefused = urlRuleCheck(
  'URL-RULES-NOT-ABSOLUTE-REFUSED',
  'webhook URLs that are not absolute URIs (scheme-relative, no scheme, relative, no host) are refused at create and update',
  ['WH-URL-FORMAT'],
  'must',
  notAbsoluteUrls,
);

/** DESIGN.md §4: every resolved address must be public unicast. */
export const nonPublicRefused = urlRuleCheck(
  'URL-RULES-NON-PUBLIC-REFUSED',
  'non-public-unicast webhook URLs (100.64/10, 0.0.0.0, fc00::/7) are refused at create and update',
  ['WH-URL-NON-PUBLIC'],
  'should',
  nonPublicUrls,
);

/** DESIGN.md §4: no userinfo in webhook URLs. */
export const userinfoRefused = urlRuleCheck(
  'URL-RULES-USERINFO-REFUSED',
  'webhook URLs with userinfo are refused at create and update',
  ['WH-URL-USERINFO'],
  'should',
  userinfoUrls,
);

export const urlRuleChecks = [httpsRequired, privateRefused, privateNameRefused, notAbsoluteRefused, nonPublicRefused, userinfoRefused];
