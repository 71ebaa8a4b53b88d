import type { CheckResult, CheckTrace, RunResult } from '../results/run-result.js';
import type { Reporter } from './reporter.js';
import { jsonText } from './json-text.js';
import { partialNote } from './text-format.js';

type Exchange = CheckTrace['exchanges'][number];

/** Longest body text kept per request or response (characters): a HAR of a whole run must stay openable. */
export const harBodyLimit = 64 * 1024;

interface HarContent {
  size: number;
  mimeType: string;
  text?: string;
  encoding?: string;
  comment?: string;
}

const nameValues = (headers: Readonly<Record<string, string>>) => Object.entries(headers).map(([name, value]) => ({ name, value }));
const byteLength = (text: string, base64?: boolean): number => Buffer.byteLength(text, base64 ? 'base64' : 'utf8');

/** The body as HAR content, cut at harBodyLimit characters (never inside a surrogate pair) with a comment saying so. */
function bounded(text: string): { text: string; comment?: string } {
  if (text.length <= harBodyLimit) return { text };
  const end = /[\uD800-\uDBFF]/.test(text[harBodyLimit - 1] ?? '') ? harBodyLimit - 1 : harBodyLimit;
  return { text: text.slice(0, end), comment: `body cut at ${end} of ${text.length} characters (the HAR reporter keeps ${harBodyLimit} per body)` };
}

function queryOf(url: string): { name: string; value: string }[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

function requestOf(exchange: Exchange) {
  const { request } = exchange;
  const body = request.body;
  const mimeType = request.headers['content-type'] ?? 'application/octet-stream';
  return {
    method: request.method,
    url: request.url,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: nameValues(request.headers),
    queryString: queryOf(request.url),
    headersSize: -1,
    bodySize: body === undefined ? 0 : byteLength(body, request.bodyBase64),
    ...(body === undefined
      ? {}
      : { postData: { mimeType, ...bounded(body), ...(request.bodyBase64 ? { comment: 'text is base64: the body was not valid UTF-8' } : {}) } }),
  };
}

function responseOf(exchange: Exchange) {
  const content: HarContent = { size: byteLength(exchange.bodyText), mimeType: exchange.headers['content-type'] ?? '', ...bounded(exchange.bodyText) };
  return {
    // HAR 1.2: status 0 when no response came back (the error is in the comment)
    status: exchange.status ?? 0,
    statusText: '',
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: nameValues(exchange.headers),
    content,
    redirectURL: exchange.headers.location ?? '',
    headersSize: -1,
    bodySize: exchange.status === undefined ? -1 : content.size,
    ...(exchange.error ? { comment: `${exchange.error.code}: ${exchange.error.message}` } : {}),
  };
}

function entryOf(check: CheckResult, exchange: Exchange, fallbackStart: number) {
  const time = Math.max(0, exchange.durationMs);
  return {
    pageref: check.id,
    startedDateTime: new Date(exchange.startedAt ?? fallbackStart).toISOString(),
    time,
    request: requestOf(exchange),
    response: responseOf(exchange),
    cache: {},
    timings: { send: 0, wait: time, receive: 0 },
    comment: `${check.id} (${check.suite}, ${check.status}), request ${exchange.id} of the run`,
  };
}

/** Every recorded exchange of the run as HAR 1.2 (a page per check), for a browser's developer tools or a HAR viewer. */
export const harReporter: Reporter = {
  name: 'har',
  file: 'exchanges.har',
  render(result: RunResult): string {
    const runStart = Date.parse(result.startedAt);
    const traced = result.checks.filter((check) => check.trace && check.trace.exchanges.length > 0);
    const pages = traced.map((check) => ({
      startedDateTime: new Date((check.trace?.exchanges[0] as Exchange).startedAt ?? runStart).toISOString(),
      id: check.id,
      title: `${check.id}: ${check.title}`,
      pageTimings: {},
      ...(check.trace?.firstIndex ? { comment: `the first ${check.trace.firstIndex} exchanges of this check were not kept (record limit)` } : {}),
    }));
    const entries = traced.flatMap((check) => (check.trace as CheckTrace).exchanges.map((exchange) => entryOf(check, exchange, runStart)));
    const untraced = result.checks.some((check) => check.exchanges > 0 && !check.trace);
    const log = {
      version: '1.2',
      creator: { name: 'sms-conformance', version: 'unversioned' }, // a RunResult does not carry the harness version
      pages,
      entries,
      comment: `${result.target.name} (${result.target.baseUrl}), seed ${result.seed}${untraced ? '; the run did not record exchanges (run with --reporter har to record them)' : ''}${result.interrupted ? `; ${partialNote(result, 1000) ?? ''}` : ''}`,
    };
    return jsonText({ log });
  },
};
