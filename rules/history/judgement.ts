/**
 * Two observations of the history that the model of the service cannot reconcile: the earlier entries set a state,
 * the later one contradicts it (earlier is empty when one answer contradicts itself).
 */
export interface Contradiction {
  /** The requirement the contradiction shows broken. */
  readonly requirement: string;
  /** What was set and what was seen, naming the entries by their seq (no secret values: it reaches reports). */
  readonly message: string;
  readonly earlier: readonly number[];
  readonly later: number;
  /**
   * The later entry is a call whose failure, in the check that sent it, this contradiction explains (a 404 on a
   * webhook that vanished): the engine folds that failure under the history check (suites/engine/blocking.ts).
   */
  readonly explainsLater?: true;
}

/** What one rule found over a history, per requirement: how many observations it could judge, and the contradictions. */
export interface Judgement {
  /** Observations judged, by requirement: a requirement judged 0 times had no evidence in this history. */
  readonly judged: Readonly<Record<string, number>>;
  readonly contradictions: readonly Contradiction[];
  /** What the rule recorded for people (observe-level figures, e.g. the order lists came in). */
  readonly notes: readonly string[];
}

/** Builds a judgement as a rule walks the history. */
export class JudgementBuilder {
  private readonly counts: Record<string, number> = {};
  private readonly found: Contradiction[] = [];
  private readonly seen = new Set<string>();
  private readonly lines: string[] = [];

  constructor(requirements: readonly string[]) {
    for (const id of requirements) this.counts[id] = 0;
  }

  /** One observation of the requirement was judged. */
  judged(requirement: string, times = 1): void {
    this.counts[requirement] = (this.counts[requirement] ?? 0) + times;
  }

  /** A contradiction (the same requirement, entries and message once); `explainsLater` as Contradiction's. */
  contradiction(requirement: string, message: string, earlier: readonly number[], later: number, explainsLater = false): void {
    const key = `${requirement}|${earlier.join(',')}|${later}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.found.push({ requirement, message, earlier: [...earlier], later, ...(explainsLater ? { explainsLater: true as const } : {}) });
  }

  note(line: string): void {
    this.lines.push(line);
  }

  build(): Judgement {
    return { judged: { ...this.counts }, contradictions: [...this.found], notes: [...this.lines] };
  }
}

/** The judgement restricted to some requirements (a check judges what it cites). */
export function judgementFor(judgement: Judgement, requirements: readonly string[]): Judgement {
  return {
    judged: Object.fromEntries(requirements.map((id) => [id, judgement.judged[id] ?? 0])),
    contradictions: judgement.contradictions.filter((c) => requirements.includes(c.requirement)),
    notes: judgement.notes,
  };
}
