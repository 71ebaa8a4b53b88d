import type { IncomingMessage } from 'node:http';

/** A request body as far as it was read. */
export interface BodyCapture {
  raw: Buffer;
  size: number;
  oversize: boolean;
  aborted: boolean;
}

/**
 * Reads a request body up to `maxBytes`. An announced content-length over the limit is refused before
 * reading anything; a streamed body is cut at the limit and the rest is never buffered.
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyCapture> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (Number.isFinite(declared) && declared > maxBytes) {
    return Promise.resolve({ raw: Buffer.alloc(0), size: declared, oversize: true, aborted: false });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    let size = 0;
    let settled = false;
    const finish = (flags: { oversize?: boolean; aborted?: boolean }): void => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      resolve({ raw: Buffer.concat(chunks, kept), size: Math.max(size, declared || 0), oversize: flags.oversize ?? false, aborted: flags.aborted ?? false });
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (kept + chunk.length > maxBytes) {
        chunks.push(chunk.subarray(0, maxBytes - kept));
        kept = maxBytes;
        finish({ oversize: true });
        return;
      }
      chunks.push(chunk);
      kept += chunk.length;
    };
    req.on('data', onData);
    req.once('end', () => finish({}));
    req.once('error', () => finish({ aborted: true }));
    req.once('close', () => finish({ aborted: !req.complete }));
  });
}
