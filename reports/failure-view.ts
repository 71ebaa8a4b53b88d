import type { CheckResult, TargetAnswer } from '../results/run-result.js';
import { cut, cutLine, jsonText } from './safe-text.js';
import { pointerText, renamedText } from './fix-first.js';
import { rerunView } from './rerun-view.js';
import type { RerunContext, RerunView } from './rerun-view.js';

/** How long each part of a failure may be in one report (characters). */
export interface FailureLimits {
  readonly reason: number;
  readonly counterexample: number;
  /** Longest string inside the counterexample. */
  readonly leaf: number;
  readonly reproduction: number;
}

/** The limits of the full reports (HTML) and of the bounded ones (Markdown, console, annotations). */
export const fullLimits: FailureLimits = { reason: 4000, counterexample: 4000, leaf: 200, reproduction: 20_000 };
export const shortLimits: FailureLimits = { reason: 400, counterexample: 300, leaf: 60, reproduction: 1200 };

/** A failure as every report shows it: each value once, cut, made visible; its reproduction whole or not at all. */
export interface FailureView extends RerunView {
  /** What the target answered, e.g. 'HTTP 400: "body is required"'; undefined when the result does not say. */
  readonly answer?: string;
  /** The reason without the counterexample that fast-check appends (it is shown once, as JSON, below). */
  readonly reason: string;
  /** The counterexample as valid JSON. */
  readonly counterexample?: string;
}

/** The parts of a failed or errored check, within limits; `run` gives the command lines that run it again (rerun-view.ts). */
export function failureView(check: CheckResult, limits: FailureLimits, run?: RerunContext): FailureView {
  const answer = answerText(check.answer ?? answerInReason(check.reason ?? ''), limits.reason);
  return {
    ...(answer === undefined ? {} : { answer }),
    reason: cut(ownReason(check), limits.reason),
    ...(check.counterexample === undefined ? {} : { counterexample: jsonText(check.counterexample, limits.counterexample, limits.leaf) }),
    ...rerunView(check, run, limits.reproduction),
  };
}

/**
 * The reason without what is shown on its own: fast-check's "; counterexample: …" tail, and the model's "shortest
 * failing sequence" block (its steps are the counterexample): cut short, either left a fragment standing alone.
 */
export function ownReason(check: CheckResult): string {
  const reason = check.reason ?? '';
  if (check.counterexample === undefined) return reason;
  const ends = ['; counterexample: ', '\nshortest failing sequence, '].map((tail) => reason.indexOf(tail)).filter((at) => at >= 0);
  return ends.length === 0 ? reason : reason.slice(0, Math.min(...ends));
}

function answerText(answer: TargetAnswer | undefined, max: number): string | undefined {
  if (!answer) return undefined;
  const parts = [answer.status === undefined ? 'no HTTP answer' : `HTTP ${answer.status}`];
  // the message is often in the reason too: keep it short here
  if (answer.message) parts.push(`"${cutLine(answer.message, max > 1000 ? 300 : 120)}"`);
  if (answer.renamed !== undefined && answer.renamed.length > 0) parts.push(cutLine(renamedText(answer.renamed), 300));
  else if (answer.pointer !== undefined) parts.push(pointerText(answer));
  return parts.join(': ');
}

const fields = ['message', 'error_description', 'detail', 'error', 'title'];

/** The status and message the engine's reasons quote: "<METHOD> <path> answered 400, expected 2xx (body: {...})". */
export function answerInReason(reason: string): TargetAnswer | undefined {
  const status = /\banswered (\d{3})\b/.exec(reason);
  if (!status) return undefined;
  const bodyAt = reason.indexOf('(body: ', status.index);
  const body = bodyAt < 0 ? '' : reason.slice(bodyAt + 7);
  const message = bodyMessage(body);
  return { status: Number(status[1]), ...(message === undefined ? {} : { message }) };
}

/** The error message of a (possibly cut) JSON body: its message/error field, else its start. */
function bodyMessage(body: string): string | undefined {
  for (const field of fields) {
    const found = new RegExp(`"${field}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`).exec(body);
    if (found) return decode(found[1] as string);
  }
  const plain = body.replace(/\)(;.*)?$/s, '').trim();
  return plain === '' || plain.startsWith('{') || plain.startsWith('[') ? undefined : plain;
}

function decode(jsonString: string): string {
  try {
    return JSON.parse(`"${jsonString}"`) as string;
  } catch {
    return jsonString;
  }
}
