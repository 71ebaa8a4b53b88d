import type { Container } from 'dockerode';
import type { ContainerRuntimeClient } from 'testcontainers';

/** The label naming the harness process that started a container. */
export const ownerPidLabel = 'org.sms-conformance.pid';

/**
 * Removes running containers of earlier runs whose harness process is gone (killed with SIGKILL, e.g. by tsx's
 * signal relay, so no clean-up of its own could run); returns how many. Ryuk would do this where it can be pulled.
 */
export async function removeOrphans(client: ContainerRuntimeClient): Promise<number> {
  const containers = await client.container.list().catch(() => []);
  let removed = 0;
  for (const info of containers) {
    const pid = Number(info.Labels?.[ownerPidLabel]);
    if (!Number.isInteger(pid) || pid <= 0 || alive(pid)) continue;
    if (await stopAndRemove(client, client.container.getById(info.Id))) removed += 1;
  }
  return removed;
}

/** Stops (at once) and removes a container, running or not; false when the engine refused. */
export async function stopAndRemove(client: ContainerRuntimeClient, container: Container): Promise<boolean> {
  await client.container.stop(container, { timeout: 0 }).catch(() => {});
  return client.container.remove(container, { removeVolumes: true }).then(
    () => true,
    () => false,
  );
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
