/** The last lines a container printed (stdout and stderr), for error messages and reports. */
export class LogTail {
  private readonly kept: string[] = [];
  private partial = '';

  constructor(private readonly capacity = 20) {}

  /** Adds printed text; complete lines are kept, at most `capacity` of them. */
  push(text: string): void {
    const parts = (this.partial + text).split(/\r?\n/);
    this.partial = parts.pop() ?? '';
    for (const line of parts) this.keep(line);
  }

  /** Follows a log stream until it ends. */
  follow(stream: NodeJS.ReadableStream): void {
    stream.on('data', (chunk: Buffer | string) => this.push(chunk.toString()));
    stream.on('error', () => {});
  }

  /** The kept lines, oldest first (an unterminated last line included). */
  lines(): string[] {
    return this.partial ? [...this.kept, this.partial].slice(-this.capacity) : [...this.kept];
  }

  private keep(line: string): void {
    this.kept.push(line);
    if (this.kept.length > this.capacity) this.kept.shift();
  }
}

/** Formats log lines for an error message: indented, or a note that there are none. */
export function formatLogLines(lines: readonly string[]): string {
  if (lines.length === 0) return ' (the container printed nothing)';
  return `; its last ${lines.length} log line${lines.length === 1 ? '' : 's'}:\n${lines.map((line) => `  | ${line}`).join('\n')}`;
}

/** Splits the multiplexed stdout/stderr frames of a non-TTY container's log buffer into text. */
export function demuxDockerLog(buffer: Buffer): string {
  let text = '';
  let offset = 0;
  // each frame: 1 byte stream type, 3 zero bytes, 4 bytes big-endian length, then the payload
  while (offset + 8 <= buffer.length && buffer[offset + 1] === 0 && buffer[offset + 2] === 0 && buffer[offset + 3] === 0) {
    const size = buffer.readUInt32BE(offset + 4);
    text += buffer.subarray(offset + 8, offset + 8 + size).toString('utf8');
    offset += 8 + size;
  }
  return offset === 0 ? buffer.toString('utf8') : text;
}
