import type { CaptureBudget } from './capture-budget.js';

/**
 * Keeps the first `limit` bytes of a stream passing through, within the session's capture budget: the session grades
 * from these, replays them on a retry, and forwards the rest untouched.
 */
export class BodyTap {
  /** The kept chunks, in order (not copied). */
  readonly chunks: Buffer[] = [];
  private kept = 0;
  private full = false;
  /** Bytes seen in all (kept or not). */
  size = 0;

  constructor(
    private readonly limit: number,
    private budget?: CaptureBudget,
  ) {}

  /** Records a chunk (copies nothing; keeps nothing once a chunk did not fit). */
  push(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.full) return;
    if (this.kept + chunk.length > this.limit || (this.budget !== undefined && !this.budget.take(chunk.length))) {
      this.full = true;
      return;
    }
    this.chunks.push(chunk);
    this.kept += chunk.length;
  }

  /** True when more bytes passed than were kept. */
  get truncated(): boolean {
    return this.size > this.kept;
  }

  /** The kept bytes as one buffer (the chunk itself when there is one: the hand-over to the grading thread copies it). */
  bytes(): Buffer {
    return this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks, this.kept);
  }

  /** Gives the kept bytes back to the budget (the exchange is graded, or dropped). */
  release(): void {
    this.budget?.release(this.kept);
    this.budget = undefined;
  }
}
