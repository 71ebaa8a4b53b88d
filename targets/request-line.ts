// what undici (and HTTP/1.1, RFC 9112 §3.2) lets through: a path of visible characters, header values of visible
// characters, spaces and tabs; undici refuses anything else when it dispatches, and a refused dispatch leaves its
// pool connection waiting for a drain that never comes (issue 15: a target's id with ESC in it hung the run)
const unsendablePathCharacter = /[^\u0021-\u007e]/gu;
const unsendableHeaderValue = /[^\t\u0020-\u007e\u0080-\u00ff]/;
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The path with every character a request line cannot carry percent-encoded as UTF-8 (as a WHATWG URL does). */
export function requestLinePath(path: string): string {
  return path.replace(unsendablePathCharacter, (char) => encodeURIComponent(char).replace(/%25/g, '%'));
}

/**
 * Throws (code INVALID_REQUEST: the client turns it into the exchange's error) for headers HTTP cannot carry, e.g. a
 * target's text with a control character echoed back: such a request is never handed to the pool.
 */
export function assertSendableHeaders(headers: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(headers)) {
    if (!headerName.test(name) || unsendableHeaderValue.test(value)) {
      const message = `the request header ${JSON.stringify(name)} holds characters HTTP cannot carry (a control character?); it was not sent`;
      throw Object.assign(new Error(message), { code: 'INVALID_REQUEST' });
    }
  }
}
