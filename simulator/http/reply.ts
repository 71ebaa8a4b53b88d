import type { ServerResponse } from 'node:http';
import type { ApiError } from '../errors.js';
import { stamp } from '../variations.js';
import type { VariationId } from '../variations.js';

/** What a handler answers: a status, an exact JSON text (or none, e.g. 204) and extra headers. */
export interface Reply {
  status: number;
  json?: string;
  /** A plain-text body instead of JSON. */
  text?: string;
  headers?: Record<string, string>;
  /** A JSON media type other than application/json (RFC 7807 problem details: application/problem+json). */
  contentType?: string;
}

/** A JSON reply; the text is fixed here so that an idempotent replay can send the same bytes. */
export function jsonReply(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return { status, json: JSON.stringify(body), headers };
}

/**
 * The error body of DESIGN §4: `{success:false, error, message, timestamp}`; with the variation problem-json-errors,
 * RFC 7807 problem details (spec §7 does not show the error body shape).
 */
export function errorReply(err: ApiError, now: number, variations: ReadonlySet<VariationId>): Reply {
  if (variations.has('problem-json-errors')) {
    const problem = { type: `https://reference.invalid/problems/${err.code}`, title: err.code.replace(/_/g, ' '), status: err.status, detail: err.message };
    return { ...jsonReply(err.status, problem, err.headers), contentType: 'application/problem+json' };
  }
  const extra = variations.has('extra-fields') ? { request_id: `req_${now.toString(36)}` } : {};
  const body = { success: false, error: err.code, message: err.message, timestamp: stamp(variations, now), ...extra };
  return jsonReply(err.status, body, err.headers);
}

/**
 * Writes a reply; JSON bodies always go out as application/json with a Content-Length. A body is handed to Node as a
 * string: Node then sends the head and the body in one write (a Buffer body makes it two, gathered by a writev, with
 * a copy of the text made first). The header values are ASCII (Allow, Retry-After), so the bytes are the same.
 */
export function sendReply(res: ServerResponse, reply: Reply, variations?: ReadonlySet<VariationId>): void {
  const body = reply.text ?? reply.json;
  if (body === undefined) {
    res.writeHead(reply.status, reply.headers);
    res.end();
    return;
  }
  const contentType = reply.text !== undefined ? 'text/plain' : (reply.contentType ?? 'application/json');
  // variation chunked-close: HTTP/1.1 framing a server may choose (RFC 9112 §7.1), the body in two chunks
  if (variations?.has('chunked-close')) {
    res.writeHead(reply.status, { ...reply.headers, 'content-type': `${contentType}; charset=utf-8`, connection: 'close' });
    res.write(body.slice(0, 1), 'utf8');
    res.end(body.slice(1), 'utf8');
    return;
  }
  res.writeHead(reply.status, { ...reply.headers, 'content-type': `${contentType}; charset=utf-8`, 'content-length': Buffer.byteLength(body, 'utf8') });
  res.end(body, 'utf8');
}
