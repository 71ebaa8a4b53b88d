import type { Exchange } from './exchange.js';
import { redactedMarker, Redactor, secretHeaderNames } from './redact.js';
import { escapeControls } from './sanitize.js';
import type { KeyRole } from './target.js';

/** The environment variable a reproduction reads each key role from. */
export const keyEnvNames: Readonly<Record<KeyRole, string | undefined>> = {
  growth: 'CONFORM_API_KEY',
  starter: 'CONFORM_STARTER_API_KEY',
  rateLimit: 'CONFORM_RATE_LIMIT_API_KEY',
  secondGrowth: 'CONFORM_SECOND_API_KEY',
  unknown: undefined,
  none: undefined,
};

/**
 * A shell command that reproduces the request: the key reads from $CONFORM_API_KEY (or the role's variable), secrets
 * redacted, and no raw control character in the line (a body holding one is given as base64, so it still reproduces).
 */
export function toCurl(exchange: Exchange, redactor: Redactor = new Redactor()): string {
  const { request } = exchange;
  const parts = ['curl', '-sS', '-i', '-X', request.method, quote(redactor.scrub(request.url))];
  for (const [name, value] of Object.entries(request.headers)) {
    if (name === 'x-api-key') {
      const env = keyEnvNames[request.keyRole];
      // a shell variable in double quotes, so the key never appears in the reproduction
      parts.push('-H', env ? `"x-api-key: $${env}"` : quote('x-api-key: conform-unknown-key'));
    } else {
      parts.push('-H', quote(`${name}: ${secretHeaderNames.has(name) ? redactedMarker : redactor.scrub(value)}`));
    }
  }
  if (request.body === undefined) return parts.join(' ');
  const body = request.bodyBase64 ? request.body : redactor.redactSecrets(request.body);
  if (request.bodyBase64 || escapeControls(body) !== body) {
    const base64 = request.bodyBase64 ? body : Buffer.from(body, 'utf8').toString('base64');
    return `printf %s ${quote(base64)} | base64 -d | ${parts.join(' ')} --data-binary @-`;
  }
  parts.push('--data-binary', quote(body));
  return parts.join(' ');
}

/** POSIX single-quoting. */
function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
