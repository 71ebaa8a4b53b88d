import type { Exchange, ExchangeRequest } from './exchange.js';
import type { Redactor } from './redact.js';

/** A copy of an exchange safe to keep in records and reports. */
export function redactExchange(exchange: Exchange, redactor: Redactor): Exchange {
  const request: ExchangeRequest = {
    ...exchange.request,
    // a key can sit in the URL too (a query parameter a check or a target put there)
    url: redactor.scrub(exchange.request.url),
    headers: redactor.scrubHeaders(exchange.request.headers),
    ...(exchange.request.body === undefined ? {} : { body: redactor.scrub(exchange.request.body) }),
  };
  return {
    ...exchange,
    request,
    headers: redactor.scrubHeaders(exchange.headers),
    bodyText: redactor.scrub(exchange.bodyText),
    ...(exchange.json === undefined ? {} : { json: redactor.scrubValue(exchange.json) }),
  };
}
