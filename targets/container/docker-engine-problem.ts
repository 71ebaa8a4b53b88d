import { loadTestcontainers } from './load-testcontainers.js';

/** Why no Docker engine can be used (a plain sentence), or undefined when one answers; bounded by `timeoutMs`. */
export async function dockerEngineProblem(timeoutMs = 10_000): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`the Docker engine did not answer within ${timeoutMs} ms`), timeoutMs);
  });
  const probe = (async (): Promise<string | undefined> => {
    try {
      const { getContainerRuntimeClient } = await loadTestcontainers();
      await getContainerRuntimeClient();
      return undefined;
    } catch (error) {
      return `no Docker engine is reachable (${(error as Error).message.split('\n')[0]}); start dockerd as in image/README.md`;
    }
  })();
  try {
    return await Promise.race([probe, limit]);
  } finally {
    clearTimeout(timer);
  }
}
