import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

/** An Upgrade request's raw connection and the bytes that came after its head (the new protocol's first bytes). */
export interface TunnelEnd {
  readonly socket: Duplex;
  readonly head: Buffer;
}

/**
 * Joins a client's connection and the target's once the target switched protocols (RFC 9110 §7.8, 101): the
 * target's 101 head goes to the client with its headers as they came (Upgrade and Connection belong to the switch),
 * then bytes flow both ways unchanged until either side closes. The new protocol is not HTTP: nothing of it is graded.
 */
export function openTunnel(client: TunnelEnd, answer: IncomingMessage, upstream: Duplex, upstreamHead: Buffer): void {
  const lines = [`HTTP/1.1 ${answer.statusCode ?? 101} ${answer.statusMessage ?? 'Switching Protocols'}`];
  for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
  client.socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  if (upstreamHead.length > 0) client.socket.write(upstreamHead);
  if (client.head.length > 0) upstream.write(client.head);
  const close = (): void => {
    client.socket.destroy();
    upstream.destroy();
  };
  for (const side of [client.socket, upstream]) {
    side.on('error', close);
    side.on('close', close);
  }
  upstream.pipe(client.socket);
  client.socket.pipe(upstream);
}
