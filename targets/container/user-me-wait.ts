import { setTimeout as sleep } from 'node:timers/promises';
import type Dockerode from 'dockerode';
import type { BoundPorts, WaitStrategy } from 'testcontainers';
import { loadUndici } from '../load-undici.js';
import { demuxDockerLog } from './log-tail.js';

/** Why a container did not become ready: it exited, or it never answered in time. */
export class ContainerNotReady extends Error {
  override readonly name = 'ContainerNotReady';

  constructor(
    readonly kind: 'exited' | 'timeout',
    message: string,
    readonly logLines: readonly string[],
  ) {
    super(message);
  }
}

const pollMs = 100;

/**
 * Ready when GET /v1/user/me answers at all (spec §6: the connection test; a refused key is the gate check's to
 * report). Fails fast when the container exits, and after the start-up timeout; either way with its last log lines.
 */
export class UserMeWaitStrategy implements WaitStrategy {
  private timeoutMs = 30_000;
  private timeoutSet = false;

  constructor(
    private readonly urlFor: (ports: BoundPorts) => string,
    private readonly apiKey: string | undefined,
    private readonly logLines = 20,
  ) {}

  async waitUntilReady(container: Dockerode.Container, boundPorts: BoundPorts): Promise<void> {
    const url = this.urlFor(boundPorts);
    const { request } = await loadUndici();
    const deadline = Date.now() + this.timeoutMs;
    let lastProblem = 'no attempt yet';
    // bounded: one attempt per pollMs until the deadline
    while (Date.now() < deadline) {
      const state = (await container.inspect()).State;
      if (!state.Running) {
        throw new ContainerNotReady('exited', `exited at start with code ${state.ExitCode}`, await this.tail(container));
      }
      try {
        const answer = await request(url, {
          headers: this.apiKey ? { 'x-api-key': this.apiKey } : {},
          headersTimeout: Math.min(2_000, this.timeoutMs),
          bodyTimeout: 2_000,
        });
        await answer.body.dump();
        return;
      } catch (error) {
        lastProblem = (error as Error).message;
      }
      await sleep(pollMs);
    }
    throw new ContainerNotReady('timeout', `did not answer GET ${url} within ${this.timeoutMs} ms (last attempt: ${lastProblem})`, await this.tail(container));
  }

  withStartupTimeout(startupTimeoutMs: number): this {
    this.timeoutMs = startupTimeoutMs;
    this.timeoutSet = true;
    return this;
  }

  isStartupTimeoutSet(): boolean {
    return this.timeoutSet;
  }

  getStartupTimeout(): number {
    return this.timeoutMs;
  }

  private async tail(container: Dockerode.Container): Promise<string[]> {
    try {
      const raw = await container.logs({ stdout: true, stderr: true, follow: false, tail: this.logLines });
      return demuxDockerLog(raw)
        .split(/\r?\n/)
        .filter((line) => line.length > 0);
    } catch {
      return [];
    }
  }
}
