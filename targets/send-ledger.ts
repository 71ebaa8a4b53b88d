/** One billable send the run made (recipients are the user's own numbers from --allow-recipient: safe to show). */
export interface SendRecord {
  /** The check that sent it (its scope label), when known. */
  readonly check?: string;
  readonly operation: 'sendMessage' | 'sendTemplate';
  readonly recipient: string;
  /** The key role that paid for it: growth, starter, rateLimit (or none/unknown for auth probes). */
  readonly tier: string;
  readonly status?: number;
  /** The message id the target answered, when it answered one. */
  readonly messageId?: string;
  /** A network error code when the send got no answer (it may still have been billed). */
  readonly error?: string;
  readonly at: string;
}

/** What the run's send guard did: the policy, how many sends went out, and the ledger. */
export interface SendSummary {
  /** True when sends were guarded (a non-loopback target or a profile with billable sends). */
  readonly guarded: boolean;
  readonly allowSend: boolean;
  readonly maxSends: number;
  readonly allowedRecipients: readonly string[];
  /** Send requests that went out (guarded or not). */
  readonly sent: number;
  /** Send requests the guard refused (never sent). */
  readonly refused: number;
  /** Messages the target created or may have (no answer, 5xx): what --max-sends bounds; refusals and replays are not counted. */
  readonly counted: number;
  /** Every guarded send to a phone number, in order (empty for unguarded targets, whose sends are free). */
  readonly ledger: readonly SendRecord[];
}
