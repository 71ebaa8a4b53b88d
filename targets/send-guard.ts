import { HarnessError } from './harness-error.js';
import { dialledDigits, recipientNumbers } from './send-recipient.js';
import type { SendRecord, SendSummary } from './send-ledger.js';

/** The send policy of a run (DESIGN.md §5: nothing billable unless told to). */
export interface SendPolicy {
  /** Guard sends at all: true for a non-loopback target or a profile with billable sends. */
  readonly guarded: boolean;
  /** --allow-send. */
  readonly allowSend: boolean;
  /** --allow-recipient: E.164 numbers the user owns; the only recipients a guarded send may have. */
  readonly allowedRecipients: readonly string[];
  /** --max-sends: most guarded sends per run (default 5). */
  readonly maxSends: number;
}

/** The default --max-sends. */
export const defaultMaxSends = 5;

/** The stable codes of a refused send: the engine reports the check as skipped with the message. */
export const sendRefusalCodes: ReadonlySet<string> = new Set(['SEND_NOT_ALLOWED', 'RECIPIENT_NOT_ALLOWED', 'SEND_BUDGET_EXCEEDED']);

/** A send that was admitted: complete it with the answer so it lands in the ledger. */
export interface AdmittedSend {
  readonly operation: SendRecord['operation'];
  readonly recipient: string;
}

/** A send the guard let through, before it is taken: `recipient` (an allowed number) only when it is billable. */
export interface SendTicket {
  readonly operation: SendRecord['operation'];
  readonly recipient?: string;
}

/** What the ledger needs of the answer to an admitted send. */
export type SendOutcome = Omit<SendRecord, 'operation' | 'recipient' | 'at'>;

const sendPaths: Readonly<Record<string, SendRecord['operation']>> = {
  '/v1/messages': 'sendMessage',
  '/v1/messages/send-template': 'sendTemplate',
};

/** sendOperation's answers by path, bounded (a run POSTs to a few paths thousands of times; parsing each was 14 ms). */
const operationByPath = new Map<string, SendRecord['operation'] | undefined>();
const maxRememberedPaths = 256;

/** Which send operation a request is (spec §4.1: POST /v1/messages and /v1/messages/send-template), or undefined. */
export function sendOperation(method: string, path: string): SendRecord['operation'] | undefined {
  if (method.toUpperCase() !== 'POST') return undefined;
  if (operationByPath.has(path)) return operationByPath.get(path);
  if (operationByPath.size >= maxRememberedPaths) operationByPath.clear();
  const operation = operationOfPath(path);
  operationByPath.set(path, operation);
  return operation;
}

function operationOfPath(path: string): SendRecord['operation'] | undefined {
  let normal: string;
  try {
    // dot segments, percent-encoding, case and trailing or doubled slashes must not smuggle a send past the guard
    normal = decodeURIComponent(new URL(path.split('?')[0] ?? '', 'http://guard.invalid').pathname);
  } catch {
    normal = path;
  }
  normal = normal
    .toLowerCase()
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '');
  return sendPaths[normal];
}

/**
 * Enforces the send policy in the client: refuses (never sends) when not allowed, off-list or over budget; keeps the
 * ledger. --max-sends bounds the messages the target may have created: a send holds a slot from before it leaves
 * until its answer shows it created nothing (a 4xx refusal, or the id of a message this run already counted: an
 * idempotent replay). A send that names no phone number at all (a missing or too short `to`) cannot be billed.
 */
export class SendGuard {
  private sentCount = 0;
  private refusedCount = 0;
  private slots = 0;
  private readonly messageIds = new Set<string>();
  private readonly records: SendRecord[] = [];
  private readonly allowedDigits: ReadonlyMap<string, string>;

  constructor(readonly policy: SendPolicy) {
    if (!Number.isSafeInteger(policy.maxSends) || policy.maxSends < 0) {
      throw new HarnessError('USAGE', `--max-sends must be a whole number >= 0, got ${policy.maxSends}.`);
    }
    for (const number of policy.allowedRecipients) {
      if (!/^\+[1-9]\d{6,14}$/.test(number)) {
        throw new HarnessError('USAGE', `--allow-recipient "${number}" is not an E.164 number: give it as +<country><number>, e.g. +14155550100.`);
      }
    }
    this.allowedDigits = new Map(policy.allowedRecipients.map((number) => [dialledDigits(number), number]));
  }

  /** The numbers a check may send to on a guarded target (undefined when sends are not guarded). */
  get allowedRecipients(): readonly string[] | undefined {
    return this.policy.guarded ? this.policy.allowedRecipients : undefined;
  }

  /** Checks one request before it is sent and takes what it holds; throws a HarnessError for a refused send; returns a billable send or undefined. */
  admit(method: string, path: string, body: unknown): AdmittedSend | undefined {
    const ticket = this.decide(method, path, body);
    if (ticket === undefined) return undefined;
    this.take(ticket);
    return ticket.recipient === undefined ? undefined : { operation: ticket.operation, recipient: ticket.recipient };
  }

  /** Checks one request before it is sent, taking nothing; throws a HarnessError for a refused send; undefined when it is no send. */
  decide(method: string, path: string, body: unknown): SendTicket | undefined {
    const operation = sendOperation(method, path);
    if (operation === undefined) return undefined;
    if (!this.policy.guarded) return { operation };
    const { allowSend, allowedRecipients, maxSends } = this.policy;
    if (!allowSend) {
      this.refuse(
        'SEND_NOT_ALLOWED',
        `Send refused: ${operation} on this target is billable and --allow-send was not given. Pass --allow-send with --allow-recipient <your number> to allow it.`,
      );
    }
    const numbers = recipientNumbers(body);
    const stranger = numbers.find((digits) => !this.allowedDigits.has(digits));
    if (stranger !== undefined) {
      const allowed = allowedRecipients.length === 0 ? 'none is allowed' : `allowed: ${allowedRecipients.join(', ')}`;
      this.refuse(
        'RECIPIENT_NOT_ALLOWED',
        `Send refused: ${operation} to the number ${stranger} is not on --allow-recipient (${allowed}). Add the number with --allow-recipient if you own it.`,
      );
    }
    // no phone number in it: nobody can receive it, so nothing can be billed (an invalid-recipient negative case)
    if (numbers.length === 0) return { operation };
    if (this.slots >= maxSends) {
      this.refuse(
        'SEND_BUDGET_EXCEEDED',
        `Send refused: the send budget is spent (${this.slots} messages of --max-sends ${maxSends} created or pending). Raise --max-sends to send more.`,
      );
    }
    return { operation, recipient: this.allowedDigits.get(numbers[0] as string) as string };
  }

  /** Takes what a decided send holds (it counts as sent; a billable one holds a slot until its answer is recorded). Call it in the same tick as decide. */
  take(ticket: SendTicket): void {
    this.sentCount += 1;
    if (ticket.recipient !== undefined) this.slots += 1;
  }

  /** Records what an admitted send got back, and frees its slot when the answer shows no new message. */
  record(admitted: AdmittedSend, outcome: SendOutcome): void {
    const refused = outcome.status !== undefined && outcome.status >= 400 && outcome.status < 500;
    const replay = outcome.messageId !== undefined && this.messageIds.has(outcome.messageId);
    if (refused || replay) this.slots -= 1;
    if (outcome.messageId !== undefined) this.messageIds.add(outcome.messageId);
    this.records.push({ ...outcome, operation: admitted.operation, recipient: admitted.recipient, at: new Date().toISOString() });
  }

  /** The policy, counts and ledger, for the RunResult. */
  summary(): SendSummary {
    const { guarded, allowSend, maxSends, allowedRecipients } = this.policy;
    return {
      guarded,
      allowSend,
      maxSends,
      allowedRecipients: [...allowedRecipients],
      sent: this.sentCount,
      refused: this.refusedCount,
      counted: this.slots,
      ledger: [...this.records],
    };
  }

  private refuse(code: 'SEND_NOT_ALLOWED' | 'RECIPIENT_NOT_ALLOWED' | 'SEND_BUDGET_EXCEEDED', message: string): never {
    this.refusedCount += 1;
    throw new HarnessError(code, message);
  }
}
