/**
 * The bytes a session may hold for exchanges in flight (their captured bodies, which also serve a retry): however
 * many clients send at once, past this the bodies still pass through whole but are no longer kept (those exchanges
 * are counted as not graded). Memory is what the bound is on, not the number of connections (issue 26).
 */
export class CaptureBudget {
  private used = 0;

  constructor(private readonly maxBytes: number) {}

  /** Takes n bytes when they fit; false (nothing taken) when they do not. */
  take(n: number): boolean {
    if (this.used + n > this.maxBytes) return false;
    this.used += n;
    return true;
  }

  /** Gives n bytes back. */
  release(n: number): void {
    this.used -= n;
  }

  /** Bytes held now. */
  get held(): number {
    return this.used;
  }
}
