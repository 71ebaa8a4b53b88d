// Issue 26: the batch the forwarding thread hands to the grading thread (one buffer, each exchange's strings as one
// text and their lengths) gives back every field as it went in, whatever the strings hold.
import { describe, expect, it } from 'vitest';
import type { WireExchange } from '../../proxy/captured-exchange.js';
import { decodeExchanges, encodeExchanges } from '../../proxy/exchange-codec.js';

const answered: WireExchange = {
  method: 'GET',
  url: '/v1/messages?limit=5&q=%20',
  requestHeaders: ['Host', '127.0.0.1:4001', 'X-Api-Key', 'key\u00e9\u00ff', 'X-Empty', '', 'x-dup', 'a', 'X-DUP', 'b'],
  requestBody: Buffer.alloc(0),
  requestTruncated: false,
  status: 200,
  responseHeaders: ['Content-Type', 'application/json'],
  responseBody: Buffer.from('{"data":[]}'),
  responseTruncated: true,
  startedAt: 1_764_000_000_123.456,
  finishedAt: 1_764_000_000_124.5,
};

const unanswered: WireExchange = {
  method: 'POST',
  url: '/',
  requestHeaders: [],
  requestBody: Buffer.from([0, 1, 2, 255]),
  requestTruncated: true,
  responseHeaders: [],
  responseBody: Buffer.alloc(0),
  responseTruncated: false,
  startedAt: 1,
  finishedAt: 2,
  error: 'TIMEOUT',
  tunnelled: true,
  requestCut: true,
};

/** Bodies as bytes and header lists as plain arrays, for a deep comparison. */
function plain(exchange: WireExchange): Record<string, unknown> {
  return { ...exchange, requestBody: [...exchange.requestBody], responseBody: [...exchange.responseBody] };
}

describe('the grading batch', () => {
  it('gives back each exchange field by field, strings, flags, status and bodies included', () => {
    const batch = [answered, unanswered, { ...answered, status: 0, url: '' }];
    expect(decodeExchanges(encodeExchanges(batch)).map(plain)).toEqual(batch.map(plain));
  });

  it('encodes an empty batch', () => {
    expect(decodeExchanges(encodeExchanges([]))).toEqual([]);
  });
});
