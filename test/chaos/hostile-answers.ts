import { gzipSync } from 'node:zlib';

/** Answers meant to crash, flood or inject into the harness's outputs (issue 15); each stays under the 1 MiB body limit. */
export const hostileModes = ['deep-array', 'deep-object', 'gzip-bomb', 'control-bytes', 'big-id'] as const;

/** The control of big-id: the same answers with an ordinary id (the benchmark's clean run). */
export const controlModes = ['small-id'] as const;

export type HostileMode = (typeof hostileModes)[number] | (typeof controlModes)[number];

/** One answer: status, headers and the raw body bytes. */
export interface HostileAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

/** How deep the nested answers go (V8's JSON.parse copes; a recursive walker does not). */
export const hostileDepth = 100_000;
/** Characters of the big id: 1 MB, just under the client's 1 MiB body limit. */
export const bigIdLength = 1_000_000;

// terminal attacks: clear screen, cursor home, set the window title, red, 8-bit CSI (C1), DEL, bell, backspace, CR
const terminalAttack = '\x1b[2J\x1b[H\x1b]0;pwned by the target\x07\x1b[31mRED\x9b0m\x7f\x08\r';

let bomb: Buffer | undefined;
let bigId: string | undefined;

/** The hostile answer of a mode to a request (its method and its parsed JSON body, when it had one). */
export function hostileAnswer(mode: HostileMode, method: string, requestBody: unknown): HostileAnswer {
  const json = { 'content-type': 'application/json' };
  const status = method === 'POST' ? 201 : 200;
  const echo = requestBody !== null && typeof requestBody === 'object' && !Array.isArray(requestBody) ? requestBody : {};
  switch (mode) {
    case 'deep-array':
      return { status, headers: json, body: Buffer.from(`${'['.repeat(hostileDepth)}${']'.repeat(hostileDepth)}`) };
    case 'deep-object':
      return { status, headers: json, body: Buffer.from(`${'{"a":'.repeat(hostileDepth)}1${'}'.repeat(hostileDepth)}`) };
    case 'gzip-bomb':
      // 10 MB of JSON-ish text in ~10 KB of gzip: the harness must neither inflate it nor print its raw bytes
      bomb ??= gzipSync(Buffer.alloc(10 * 1024 * 1024, '[{"id":"x"}]'), { level: 9 });
      return { status, headers: { ...json, 'content-encoding': 'gzip' }, body: bomb };
    case 'control-bytes':
      // GETs: the raw bytes as the body (not JSON); other methods: JSON whose strings decode to the same bytes
      if (method === 'GET') return { status, headers: json, body: Buffer.concat([Buffer.from(terminalAttack), Buffer.from([0x9b, 0x1b, 0x00, 0x85])]) };
      return {
        status,
        headers: json,
        body: Buffer.from(
          JSON.stringify({
            ...echo,
            id: terminalAttack,
            object: terminalAttack,
            status: terminalAttack,
            error: { code: terminalAttack, message: terminalAttack },
          }),
        ),
      };
    case 'big-id':
    case 'small-id':
      bigId ??= 'i'.repeat(bigIdLength);
      return {
        status,
        headers: json,
        body: Buffer.from(JSON.stringify({ ...echo, id: mode === 'big-id' ? bigId : 'msg_0b0f1f4e8d5c4b8e', object: 'message', data: [], has_more: false })),
      };
  }
}
