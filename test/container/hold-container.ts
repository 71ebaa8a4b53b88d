// Child process of the signal test: starts the container target, prints "ready <baseUrl>", then waits to be killed.
import { containerTarget } from '../../targets/index.js';

const target = containerTarget({ image: process.argv[2] ?? 'sms-reference:local', log: () => {} });
await target.start();
process.stdout.write(`ready ${target.baseUrl}\n`);
setInterval(() => {}, 60_000);
