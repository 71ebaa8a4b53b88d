import { STATUS_CODES } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Whose answers a session makes up and how it marks them: a header the target or the consumer never sends, so a
 * client never takes the proxy's own 502 (or 431, 504 ...) for the target's (issue 26).
 */
export interface AnswerMark {
  /** e.g. x-conformance-proxy. */
  readonly header: string;
  /** The one who should have answered: "target" (proxy) or "endpoint" (forwarder). */
  readonly peer: string;
  /** Prefix of the error codes in made-up bodies: proxy or forwarder. */
  readonly kind: string;
}

/** Why the session answered itself: no answer came (502/504), or it refused the request before forwarding it. */
export type MadeUpReason = 'no-answer' | 'refused';

function body(mark: AnswerMark, reason: MadeUpReason, message: string): string {
  return JSON.stringify({ error: `${mark.kind}_${reason === 'no-answer' ? 'no_answer' : 'refused'}`, message });
}

function markValue(mark: AnswerMark, reason: MadeUpReason): string {
  return reason === 'no-answer' ? `no-answer-from-${mark.peer}` : 'refused';
}

/** Answers a request with the session's own, marked answer (JSON `{error, message}`). */
export function madeUpAnswer(res: ServerResponse, mark: AnswerMark, status: number, reason: MadeUpReason, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json', [mark.header]: markValue(mark, reason) });
  res.end(body(mark, reason, message));
}

/** The same on a raw connection the HTTP server gave up on (a request it could not parse); the connection then closes. */
export function madeUpRawAnswer(socket: Socket, mark: AnswerMark, status: number, message: string): void {
  const text = body(mark, 'refused', message);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Refused'}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
      `${mark.header}: ${markValue(mark, 'refused')}\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
}
