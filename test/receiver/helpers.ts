import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { Agent, request } from 'undici';
import type { Dispatcher } from 'undici';

const agents: Agent[] = [];

/** An undici agent, optionally trusting a CA; closed by closeAgents(). */
export function makeAgent(ca?: string): Agent {
  const agent = new Agent(ca === undefined ? {} : { connect: { ca } });
  agents.push(agent);
  return agent;
}

/** Closes every agent made by makeAgent(). */
export async function closeAgents(): Promise<void> {
  await Promise.all(agents.splice(0).map((a) => a.destroy()));
}

/** POSTs a body and returns status, headers and text. */
export async function post(
  url: string,
  body: string | Buffer,
  headers: Record<string, string> | string[] = { 'content-type': 'application/json' },
  dispatcher?: Dispatcher,
): Promise<{ status: number; text: string; headers: Record<string, string | string[] | undefined> }> {
  const res = await request(url, { method: 'POST', body, headers, dispatcher: dispatcher ?? makeAgent(), headersTimeout: 5_000, bodyTimeout: 5_000 });
  return { status: res.statusCode, text: await res.body.text(), headers: res.headers };
}

/** Writes raw bytes on a fresh TCP connection and resolves with everything read until the server closes it. */
export function rawExchange(port: number, write: (socket: Socket) => void, timeoutMs = 3_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`server did not close the connection within ${timeoutMs} ms (got ${JSON.stringify(data)})`));
    }, timeoutMs);
    socket.on('data', (d) => (data += d.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(data);
    });
    socket.on('connect', () => write(socket));
  });
}

/** The port of a URL. */
export function portOf(url: string): number {
  return Number(new URL(url).port);
}
