import type { FaultSet } from '../faults/fault-set.js';
import { invalid } from '../errors.js';
import { isPublicUnicast, parseIpLiteral, resolveHost } from './address-policy.js';

const MAX_URL_LENGTH = 2048;

/**
 * Checks a webhook URL (spec §4.2, DESIGN §4): https only, no userinfo, and every address the host
 * resolves to is public unicast. Returns the normalised URL or throws a 400 ApiError.
 */
export function checkWebhookUrl(raw: unknown, hosts: Map<string, string[]>, faults: FaultSet): string {
  if (raw === undefined || raw === null) throw invalid('url is required: give the https URL of your endpoint');
  if (typeof raw !== 'string' || raw.length === 0) throw invalid('url must be a non-empty string');
  const maxLength = faults.has('url-max-64') ? 64 : MAX_URL_LENGTH;
  if (raw.length > maxLength) throw invalid(`url is longer than ${maxLength} characters`);
  let url: URL;
  try {
    url = new URL(raw.startsWith('//') && faults.has('scheme-relative-url-accepted') ? `https:${raw}` : raw);
  } catch {
    throw invalid('url is not a valid absolute URL');
  }
  if (url.protocol !== 'https:' && !(faults.has('accepts-http-url') && url.protocol === 'http:')) {
    throw invalid('url must use https');
  }
  if ((url.username !== '' || url.password !== '') && !faults.has('accepts-userinfo')) throw invalid('url must not contain user information (user:password@)');
  if (faults.has('host-names-not-resolved') && parseIpLiteral(url.hostname) === null) return url.href;
  const addresses = resolveHost(url.hostname, hosts);
  if (!addresses || addresses.length === 0) throw invalid(`url host ${url.hostname} does not resolve`);
  const blocked = addresses.filter((ip) => !isPublicUnicast(ip) && !allowedByFault(ip, faults));
  if (blocked.length > 0) throw invalid(`url host ${url.hostname} resolves to a non-public address (${blocked.join(', ')})`);
  return url.href;
}

function allowedByFault(ip: string, faults: FaultSet): boolean {
  if (faults.has('accepts-private-address')) return true;
  return faults.has('accepts-ipv4-mapped-loopback') && ip.toLowerCase().startsWith('::ffff:');
}
