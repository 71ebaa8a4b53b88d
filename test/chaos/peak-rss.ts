// Preloaded into a child CLI (`node --import tsx --import ./test/chaos/peak-rss.ts ...`): at exit it writes the
// process's peak resident set size in bytes to $CONFORM_PEAK_RSS_FILE, so a test reads what the child really used.
import { writeFileSync } from 'node:fs';

const file = process.env.CONFORM_PEAK_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS * 1024)));
