// Helpers of the tests that stop a command's whole process group with a signal and check nothing is left running.

/** True while any process of the group is alive. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls `value` every 50 ms until it gives something other than undefined, at most `ms`; then throws naming `what`. */
export async function until<T>(value: () => T | undefined, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const got = value();
    if (got !== undefined) return got;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
