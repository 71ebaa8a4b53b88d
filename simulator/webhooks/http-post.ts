import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import { unbracket } from '../validation/address-policy.js';
import type { KeepAliveAgents } from './keep-alive-agents.js';

/** Outcome of one HTTP attempt: the status (null on a network failure) and the response text read. */
export interface PostResult {
  statusCode: number | null;
  body: string;
  error?: string;
  /** A 3xx answer's Location header (deliveries never follow it; the fault redirects-followed does). */
  location?: string;
}

/** How much of a response body is read (records keep 1000 characters; faults may keep more). */
const MAX_READ_BYTES = 64 * 1024;

/** Options of one POST to a loopback destination chosen by the egress guard. */
export interface PostOptions {
  target: URL;
  hostHeader: string;
  body: Buffer;
  headers: Record<string, string>;
  ca: string[];
  timeoutMs: number;
  /** The dispatcher's requests in flight: the request is in it until it settles (stop() destroys what is left). */
  inFlight: Set<http.ClientRequest>;
  /** The dispatcher's connection pools. */
  agents: KeepAliveAgents;
}

// a TLS context parses its CA certificates when made: one per CA list, not one per delivery (it was a tenth of a
// conformance run's CPU time)
const contexts = new Map<string, tls.SecureContext>();

function secureContextFor(key: string, ca: readonly string[]): tls.SecureContext {
  let context = contexts.get(key);
  if (!context) {
    context = tls.createSecureContext(ca.length > 0 ? { ca: [...ca] } : {});
    if (contexts.size >= 16) contexts.clear();
    contexts.set(key, context);
  }
  return context;
}

/** POSTs once, without redirects or name lookups, on a pooled connection; never rejects. */
export function postOnce(o: PostOptions): Promise<PostResult> {
  return new Promise((resolve) => {
    const secure = o.target.protocol === 'https:';
    const caKey = o.ca.join('\n');
    const hostname = unbracket(o.target.hostname);
    // `localhost` is connected as 127.0.0.1 so that no resolver is ever consulted
    const host = hostname.toLowerCase() === 'localhost' ? '127.0.0.1' : hostname;
    const request = (secure ? https : http).request({
      host,
      port: o.target.port || (secure ? 443 : 80),
      path: `${o.target.pathname}${o.target.search}`,
      method: 'POST',
      agent: o.agents.for(secure, caKey),
      timeout: o.timeoutMs,
      headers: { ...o.headers, host: o.hostHeader, 'content-length': String(o.body.length) },
      // the certificate must match the loopback host connected to, not the Host header's public name
      ...(secure
        ? {
            secureContext: secureContextFor(caKey, o.ca),
            checkServerIdentity: (_name: string, cert: tls.PeerCertificate) => tls.checkServerIdentity(host, cert),
          }
        : {}),
    });
    o.inFlight.add(request);
    let done = false;
    const finish = (result: PostResult) => {
      if (done) return;
      done = true;
      o.inFlight.delete(request);
      resolve(result);
    };
    request.on('timeout', () => request.destroy(new Error(`no answer within ${o.timeoutMs} ms`)));
    request.on('error', (err) => finish({ statusCode: null, body: '', error: err.message }));
    request.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < MAX_READ_BYTES) chunks.push(chunk);
        size += chunk.length;
      });
      const location = typeof res.headers.location === 'string' ? { location: res.headers.location } : {};
      const complete = () =>
        finish({ statusCode: res.statusCode ?? null, body: Buffer.concat(chunks).subarray(0, MAX_READ_BYTES).toString('utf8'), ...location });
      res.on('end', complete);
      res.on('close', complete);
      res.on('error', complete);
    });
    request.end(o.body);
  });
}
