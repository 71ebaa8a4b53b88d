import { listsFaults } from '../shared/fault-list.js';
import type { ConformArgs } from './args.js';

/**
 * True when the flags alone show that the run starts the embedded reference (`--target reference`, its
 * `reference:simulator` and `reference+fault:` forms, or no target and no config file that could name another) and
 * sends requests (not --list, --plan, --merge, --compare or `--fault list`). The entry then boots the reference's
 * thread before it loads the engine, so the thread's start-up (~0.1 s of node:http, node:tls and the reference's
 * modules) runs on the second core while the first loads the harness: ~70 ms off a default run (issue 28). A guess
 * that is wrong in the other direction costs only that: the run warms the thread again where it always did
 * (resolve-run.ts), and a thread nobody uses is unreferenced and ends by itself.
 */
export function startsEmbeddedReference(args: ConformArgs): boolean {
  if (args.help || args.list || args.plan || args.merge !== undefined || args.compare !== undefined) return false;
  if (listsFaults(args.fault)) return false;
  const target = args.target ?? (args.config === undefined ? 'reference' : undefined);
  if (target === undefined || args.baseUrl !== undefined) return false;
  return target === 'reference' || target === 'reference:simulator' || target.startsWith('reference+fault:');
}
