import type * as Testcontainers from 'testcontainers';

/**
 * Loads testcontainers set up for a machine without an image registry (DESIGN.md §6): Ryuk disabled (it would have
 * to be pulled; the harness removes its containers itself), and the engine's host fixed to loopback, because
 * testcontainers otherwise looks for the `bridge` network's gateway when it runs inside a container (the engine runs
 * with --bridge=none) and then tries to pull alpine to find one. The user's own settings win.
 */
export async function loadTestcontainers(): Promise<typeof Testcontainers> {
  process.env.TESTCONTAINERS_RYUK_DISABLED ??= 'true';
  process.env.TESTCONTAINERS_HOST_OVERRIDE ??= '127.0.0.1';
  return import('testcontainers');
}
