import { HarnessError } from '../targets/harness-error.js';
import { isLoopbackUrl } from '../targets/loopback.js';

/** The URL text with anything between `//` and `@` masked: what an error message may echo of a URL the user gave. */
export function withoutUserinfo(text: string): string {
  return text.replace(/\/\/[^/?#]*@/, '//***@');
}

/**
 * A URL a passive session forwards to (`--target` of the proxy, `--forward` of the forwarder), checked: http(s),
 * no `user:password@` (it would reach the terminal and every report; the client sends its own credentials), no
 * query or fragment. Error messages never echo the credentials.
 */
export function forwardUrl(flag: '--target' | '--forward', text: string, example: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new HarnessError('BAD_TARGET', `${flag} "${withoutUserinfo(text)}" is not a URL: give ${example}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new HarnessError('BAD_TARGET', `${flag} must be http:// or https://, got ${url.protocol}`);
  if (url.username !== '' || url.password !== '')
    throw new HarnessError('BAD_TARGET', `${flag} must not carry user:password@ (it would be printed and reported); the client sends its own credentials`);
  if (url.search !== '' || url.hash !== '')
    throw new HarnessError('BAD_TARGET', `${flag} is an origin (optionally with a base path), without ?query or #fragment`);
  return url;
}

/** The forwarder's endpoint: a forward URL on plain http and a literal loopback address or `localhost` itself (DESIGN.md §5). */
export function loopbackForwardUrl(text: string): URL {
  const url = forwardUrl('--forward', text, 'your endpoint, e.g. http://127.0.0.1:3000/webhooks');
  if (url.protocol !== 'http:') throw new HarnessError('USAGE', `--forward must be an http:// loopback URL, got ${url.protocol}`);
  if (!isLoopbackUrl(url.href))
    throw new HarnessError('NOT_LOOPBACK', `--forward ${url.host} is not a loopback address: forward to 127.0.0.1, ::1 or localhost only`);
  return url;
}
