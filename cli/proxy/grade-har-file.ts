// `npm run proxy -- --har <file>`: a recorded session (browser devtools, mitmproxy, Newman, k6) graded offline with
// the proxy's graders and history rules, into the same reports; nothing is forwarded, nothing listens.
import { openSync, closeSync, fstatSync, readSync } from 'node:fs';
import { gradeRecorded, harExchanges, HarFormatError, harFileLimit, recordedSessionPrefix } from '../../proxy/index.js';
import { printable } from '../../proxy/printable.js';
import { Redactor } from '../../targets/redact.js';
import { reportSession, violationPrinter } from '../shared/passive-session.js';
import type { SessionSettings } from '../shared/passive-session.js';

/** Reads at most harFileLimit bytes of the file: a larger one is refused before it is read (untrusted input). */
function readBounded(file: string): string {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    throw new HarFormatError(`--har ${printable(file, 200)} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}): give a HAR file`);
  }
  try {
    const stat = fstatSync(fd);
    const { size } = stat;
    if (!stat.isFile()) throw new HarFormatError(`--har ${printable(file, 200)} is not a file`);
    if (size > harFileLimit) throw new HarFormatError(`--har ${printable(file, 200)} is ${size} bytes: at most ${harFileLimit} are read`);
    const buffer = Buffer.alloc(size);
    let read = 0;
    while (read < size) {
      const n = readSync(fd, buffer, read, size - read, read);
      if (n === 0) break;
      read += n;
    }
    return buffer.subarray(0, read).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** Grades the HAR file and writes the session's reports; resolves with the exit code (a HarFormatError: exit 2). */
export async function gradeHarFile(file: string, settings: SessionSettings, maxBody: number): Promise<number> {
  const startedAt = Date.now();
  const exchanges = harExchanges(readBounded(file), file, maxBody);
  console.log(`proxy: grading ${exchanges.length} recorded exchange(s) of ${printable(file, 200)}; reports go to ${settings.outDir}`);
  const redactor = new Redactor();
  const session = gradeRecorded(exchanges, redactor, violationPrinter(settings, redactor));
  return reportSession('proxy', `${recordedSessionPrefix}${printable(file, 200)}`, settings, session, startedAt);
}
