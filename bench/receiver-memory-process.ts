// Child-process entry of the receiver memory benchmark: a verifying receiver on loopback with the store cap of
// argv[2]; prints one JSON line `{url, pid}`, and `{stored, arrived}` when asked on stdin ("stats").
import { createInterface } from 'node:readline';
import { startReceiver } from '../receiver/index.js';

const maxStored = Number(process.argv[2] ?? 10_000);
const secret = process.argv[3] ?? '';
const receiver = await startReceiver({ verify: { scheme: 'service', secrets: [secret] }, maxStored, maxBodyBytes: 1024 * 1024 });
console.log(JSON.stringify({ url: receiver.httpUrl, pid: process.pid }));
createInterface({ input: process.stdin }).on('line', () => {
  console.log(JSON.stringify({ stored: receiver.store.all().length, arrived: receiver.stats().arrived }));
});
process.on('SIGTERM', () => void receiver.stop().then(() => process.exit(0)));
