import type { Exchange, ExchangeRequest } from './exchange.js';
import type { Redactor } from './redact.js';
import { cutText } from './sanitize.js';

/** Most characters of a body (sent or received) a recorded exchange keeps: records are bounded whatever a target sends. */
const recordedBodyChars = 64 * 1024;

/**
 * A copy of an exchange safe to keep in records: secrets redacted, bodies cut and the parsed body copied within
 * bounds (issue 15: a run keeps hundreds of these). Control characters stay as they came (curl reproductions need
 * the real bytes); every output escapes them through Redactor.scrub.
 */
export function redactExchange(exchange: Exchange, redactor: Redactor): Exchange {
  const request: ExchangeRequest = {
    ...exchange.request,
    // a key can sit in the URL too (a query parameter a check or a target put there)
    url: cutText(redactor.redactSecrets(exchange.request.url), recordedBodyChars),
    headers: redactor.scrubHeaders(exchange.request.headers, true),
    ...(exchange.request.body === undefined ? {} : { body: cutText(redactor.redactSecrets(exchange.request.body), recordedBodyChars) }),
  };
  return {
    ...exchange,
    request,
    headers: redactor.scrubHeaders(exchange.headers, true),
    bodyText: cutText(redactor.redactSecrets(exchange.bodyText), recordedBodyChars),
    ...(exchange.json === undefined ? {} : { json: redactor.scrubJson(exchange.json, exchange.bodyText, { raw: true, maxChars: recordedBodyChars }) }),
  };
}
