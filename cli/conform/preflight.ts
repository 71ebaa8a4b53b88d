import { createServer } from 'node:net';
import { receiverPortError } from '../../suites/engine/index.js';
import { dockerEngineProblem, HarnessError } from '../../targets/index.js';
import { lockOutDir } from './out-lock.js';
import { prepareOutDir } from './out-dir.js';
import type { ResolvedRun } from './resolve-run.js';

/** What the run writes, and so what set-up it needs. */
export interface PreflightNeeds {
  /** The run writes reports into --out (not --list or --plan). */
  readonly reports: boolean;
  /** It writes the folder's reports (a run, a merge, a parity run), so it takes the folder's lock; a shard writes one file. */
  readonly lock: boolean;
  /** It starts targets and receivers (not --merge). */
  readonly targets: boolean;
}

/**
 * Set-up checked before anything starts or any request is sent (issue 25): --out can take the reports and no other
 * run holds it, the fixed receiver ports are free, a container target has an engine. Each problem is a HarnessError
 * of one line naming the flag to change (exit 2, no report written); returns the release of the --out lock.
 */
export async function preflight(run: ResolvedRun, needs: PreflightNeeds): Promise<() => void> {
  if (!needs.reports) return () => {};
  await prepareOutDir(run.outDir);
  const release = needs.lock ? lockOutDir(run.outDir) : () => {};
  try {
    if (needs.targets) {
      await portFree(run.receiverPort ?? run.target.receiverPort, '--receiver-port');
      await portFree(run.compare?.target.receiverPort, '--compare-receiver-port');
      if (run.targetSpec === 'container' || run.compare?.spec === 'container') await containerEngine();
    }
    return release;
  } catch (error) {
    release();
    throw error;
  }
}

/** A fixed receiver port (a simulator delivers to it) must be free: taken, every webhook check would fail on the harness's side. */
async function portFree(port: number | undefined, flag: string): Promise<void> {
  if (port === undefined || port === 0) return;
  const problem = await new Promise<string | undefined>((resolve) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => server.close(() => resolve(undefined)));
  });
  if (problem !== undefined) throw receiverPortError(port, problem, flag);
}

async function containerEngine(): Promise<void> {
  const problem = await dockerEngineProblem(5_000);
  if (problem !== undefined) throw new HarnessError('NO_CONTAINER_ENGINE', `--target container: ${problem}; or pick another --target.`);
}
