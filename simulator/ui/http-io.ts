import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../errors.js';
import { readBody } from '../http/read-body.js';
import { parseJsonObject } from '../validation/fields.js';

/** A UI request the page should show as an error: HTTP status, stable code, message saying how to fix it. */
export class UiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'UiRequestError';
  }
}

/** Writes a JSON answer that no cache keeps. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = Buffer.from(JSON.stringify(body), 'utf8');
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': text.length, 'cache-control': 'no-store' });
  res.end(text);
}

/** Writes an error in the API's shape (DESIGN §4) so the page reads one format. */
export function sendError(res: ServerResponse, err: unknown): void {
  const known = err instanceof UiRequestError || err instanceof ApiError;
  const status = known ? err.status : 500;
  const code = known ? err.code : 'internal_error';
  const message = known ? err.message : 'the simulator UI hit an internal error: see the simulator console';
  if (!known) console.error('simulator UI:', err);
  sendJson(res, status, { success: false, error: code, message, timestamp: new Date().toISOString() });
}

/**
 * Reads a JSON object body. The UI changes state only on `application/json` requests from its own
 * origin: a cross-site page can post text/plain forms to a loopback port without a preflight.
 */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') throw new UiRequestError(415, 'unsupported_media_type', 'the request must have Content-Type application/json');
  const origin = req.headers.origin;
  if (origin !== undefined && hostOf(origin) !== req.headers.host) {
    throw new UiRequestError(403, 'forbidden_origin', `requests from origin ${origin} are not accepted: use the simulator page itself`);
  }
  return parseJsonObject(await readBody(req));
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
