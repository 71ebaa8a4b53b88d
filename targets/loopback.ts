import { isIP } from 'node:net';

/** True when the URL's host is loopback (127.0.0.0/8, ::1, IPv4-mapped loopback, or the name localhost); no DNS. */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || /^::ffff:127\./.test(host) || /^(0{1,4}:){7}0{0,3}1$/.test(host);
  return false;
}
