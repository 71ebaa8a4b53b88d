import type { IncomingMessage } from 'node:http';
import { ApiError } from '../errors.js';

/** Largest request body the reference reads (a 1600-character message fits many times over). */
export const MAX_BODY_BYTES = 1024 * 1024;

const EMPTY = Buffer.alloc(0);

/** Reads the whole request body; a body over the limit is a 413, never a crash. */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  // no Content-Length and no Transfer-Encoding: the request has no body (RFC 9112 §6.3), nothing to wait for
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return Promise.resolve(EMPTY);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) reject(new ApiError(413, 'validation_error', `request body is larger than ${MAX_BODY_BYTES} bytes: send a smaller body`));
      else resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}
