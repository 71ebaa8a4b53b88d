/** Keeps the first `limit` bytes of a stream passing through: the proxy grades from these and forwards the rest untouched. */
export class BodyTap {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  /** Bytes seen in all (kept or not). */
  size = 0;

  constructor(private readonly limit: number) {}

  /** Records a chunk (copies nothing beyond the limit). */
  push(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.kept >= this.limit) return;
    const part = this.kept + chunk.length > this.limit ? chunk.subarray(0, this.limit - this.kept) : chunk;
    this.chunks.push(part);
    this.kept += part.length;
  }

  /** True when more bytes passed than were kept. */
  get truncated(): boolean {
    return this.size > this.kept;
  }

  /** The kept bytes. */
  bytes(): Buffer {
    return this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks, this.kept);
  }
}
