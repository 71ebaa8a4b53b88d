import { loadUndici } from './load-undici.js';
import { HarnessError } from './harness-error.js';

/**
 * How to make a target receive an inbound message (spec §6: "The simulator also emits message.received when a virtual
 * phone sends an incoming message"; no /v1 operation does it). A request with `{from}`, `{to}` and `{message}` in its
 * URL (percent-encoded there) and body (JSON-escaped there): for the reference its virtual-phone endpoint, for another
 * simulator the request its own UI makes.
 */
export interface InboundTrigger {
  readonly method: string;
  /** Absolute, or a path from the target's base URL. */
  readonly url: string;
  readonly body?: string;
}

/** What the inbound message says: who texts, to which number, what. */
export interface InboundText {
  readonly from: string;
  readonly to: string;
  readonly message: string;
}

/** What the trigger's request got back (no answer: status undefined and the error in words). */
export interface TriggerAnswer {
  readonly status?: number;
  readonly bodyText: string;
  readonly error?: string;
  /** The request as sent, one line (method and URL): for failure messages. */
  readonly sent: string;
}

/** Parses "<METHOD> <url> [<body>]", e.g. 'POST http://127.0.0.1:4000/ui/phones/{from}/send {"to":"{to}","message":"{message}"}'. */
export function parseInboundTrigger(text: string, label = '--inbound-trigger'): InboundTrigger {
  const match = /^\s*([A-Za-z]+)\s+(\S+)(?:\s+([\s\S]*\S))?\s*$/.exec(text);
  const url = match?.[2] ?? '';
  if (match === null || !(url.startsWith('/') || /^https?:\/\//.test(url))) {
    throw new HarnessError(
      'USAGE',
      `${label} must look like "<METHOD> <url or /path> [<body>]" with {from}, {to} and {message} where they go, e.g. 'POST http://127.0.0.1:4000/ui/phones/{from}/send {"to":"{to}","message":"{message}"}', got "${text}".`,
    );
  }
  return { method: (match[1] as string).toUpperCase(), url, ...(match[3] === undefined ? {} : { body: match[3] }) };
}

/** The trigger as one line (its own notation, which parseInboundTrigger reads back). */
export function describeInboundTrigger(trigger: InboundTrigger): string {
  return [trigger.method, trigger.url, trigger.body].filter((part) => part !== undefined).join(' ');
}

const fill = (template: string, text: InboundText, escape: (value: string) => string) =>
  template.replace(/\{(from|to|message)\}/g, (_whole, name: keyof InboundText) => escape(text[name]));

const answerLimit = 64 * 1024;

/** Sends the trigger for one inbound text (one request, bounded by `timeoutMs`); never throws for the target's sake. */
export async function sendInboundTrigger(trigger: InboundTrigger, baseUrl: string, text: InboundText, timeoutMs: number): Promise<TriggerAnswer> {
  const filled = fill(trigger.url, text, encodeURIComponent);
  const url = new URL(filled.startsWith('/') ? `${baseUrl.replace(/\/+$/, '')}${filled}` : filled).href;
  const sent = `${trigger.method} ${url}`;
  const body = trigger.body === undefined ? undefined : fill(trigger.body, text, (value) => JSON.stringify(value).slice(1, -1));
  try {
    const { request } = await loadUndici();
    const answer = await request(url, {
      method: trigger.method as 'POST',
      ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    let bodyText = '';
    for await (const chunk of answer.body) {
      bodyText += String(chunk);
      if (bodyText.length >= answerLimit) break; // leaving the loop destroys the stream: a flood is not read on
    }
    return { status: answer.statusCode, bodyText: bodyText.slice(0, answerLimit), sent };
  } catch (error) {
    return { bodyText: '', error: (error as Error).message, sent };
  }
}
