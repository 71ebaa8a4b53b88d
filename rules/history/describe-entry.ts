import type { History, HistoryEntry } from './history.js';

/** Seconds since the start of the history, as "+1.234 s". */
export function relativeTime(history: History, at: number): string {
  return `+${((at - history.origin) / 1000).toFixed(3)} s`;
}

/** An entry in a line: "#12 PUT /v1/webhooks/1b2c… → 200 (WEBHOOK-UPDATE-ACCEPTS-VALID, +0.123 s…+0.130 s)". */
export function describeEntry(history: History, entry: HistoryEntry | undefined): string {
  if (entry === undefined) return '(an entry no longer kept)';
  if (entry.kind === 'call') {
    const query = new URLSearchParams(entry.query).toString();
    const answer = entry.status === undefined ? 'no answer' : String(entry.status);
    return `#${entry.seq} ${entry.method} ${short(entry.path)}${query === '' ? '' : `?${query}`} → ${answer} (${entry.source}, ${relativeTime(history, entry.startedAt)}…${relativeTime(history, entry.finishedAt)})`;
  }
  const event = (entry.json as { event?: unknown } | undefined)?.event ?? entry.headers['service-event'];
  const id = entry.headers['service-delivery-id'];
  const answer = entry.answerStatus === null ? 'closed without an answer' : `answered ${entry.answerStatus}`;
  return `#${entry.seq} delivery to ${short(entry.path)} (${typeof event === 'string' ? event.slice(0, 40) : 'no event'}${id === undefined ? '' : `, delivery id ${id.slice(0, 40)}`}, ${answer}, ${relativeTime(history, entry.receivedAt)})`;
}

/** The entry with this seq, described. */
export function describeSeq(history: History, seq: number): string {
  return describeEntry(history, history.entry(seq));
}

// ids and paths can be long (a target's, a check's random path): keep lines readable
function short(path: string): string {
  return path.length > 120 ? `${path.slice(0, 117)}…` : path;
}
