import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { StartedTestContainer } from 'testcontainers';
import { HarnessError, isHarnessError } from '../harness-error.js';
import { joinUrl, randomKey, receiverPublicOrigin } from '../keys.js';
import { profileFor } from '../profile.js';
import type { Profile } from '../profile.js';
import type { Target, TargetDescription, TargetKeys, TargetStartContext } from '../target.js';
import { referenceConventions, urlTargetConventions, withConventions } from '../target-conventions.js';
import type { ConventionSettings } from '../target-conventions.js';
import type { ConfiguredKeys } from '../url-target.js';
import { containerNetworkMode } from './container-network-mode.js';
import type { ContainerNetworkMode } from './container-network-mode.js';
import { referenceImageEnv } from './reference-image-env.js';
import { freeLoopbackPort } from './free-port.js';
import { loadTestcontainers } from './load-testcontainers.js';
import { formatLogLines, LogTail } from './log-tail.js';
import { ownerPidLabel, removeOrphans, stopAndRemove } from './remove-orphans.js';
import { onTermination } from './termination-signals.js';
import { ContainerNotReady, UserMeWaitStrategy } from './user-me-wait.js';

/** Options of the container target. */
export interface ContainerTargetOptions {
  /** The image, name[:tag]; it must exist on the engine: the harness never pulls (DESIGN.md §6). */
  image: string;
  /** Environment of the container (--container-env); wins over the SIM_* defaults the target sets. */
  env?: Readonly<Record<string, string>>;
  /** The API port inside the container. Host networking: a free loopback port when omitted; bridge: 4001. */
  port?: number;
  /** How long the container may take to answer GET /v1/user/me (default 30000 ms). */
  startupTimeoutMs?: number;
  /** 'host' (default; DESIGN.md §5) or 'bridge' (port published on the local engine). */
  networkMode?: ContainerNetworkMode;
  /** Default: the reference profile (the image is the reference service, everything on). */
  profile?: Profile;
  /** Keys the image knows; when no growth key is given, random keys are made and passed as SIM_KEYS. */
  keys?: ConfiguredKeys;
  /** Log lines kept for error messages (default 20). */
  logLines?: number;
  /** Conventions over the image's defaults (the reference's when the harness made the keys, else a URL target's). */
  conventions?: ConventionSettings;
  /** Where lifecycle lines go (default stderr, prefixed "container: "). */
  log?: (line: string) => void;
}

/** A Target that runs an image; `logTail()` gives the container's last log lines. */
export interface ContainerTarget extends Target {
  logTail(): string[];
}

const runLabel = 'org.sms-conformance.run';

/** A target started from a container image with testcontainers, removed at stop (also on failure and SIGINT/SIGTERM). */
export function containerTarget(options: ContainerTargetOptions): ContainerTarget {
  const image = options.image.trim();
  if (!image) throw new HarnessError('USAGE', '--target container needs --image <name[:tag]> (e.g. sms-reference:local, built by npm run image).');
  const networkMode = containerNetworkMode(options.networkMode ?? 'host');
  const profile = options.profile ?? profileFor('reference');
  const generated = options.keys?.growth === undefined;
  const keys: TargetKeys = generated
    ? {
        growth: randomKey('ctr_growth'),
        starter: randomKey('ctr_starter'),
        rateLimit: randomKey('ctr_ratelimit'),
        secondGrowth: randomKey('ctr_growth2'),
        unknown: randomKey('conform_unknown'),
      }
    : { ...options.keys, unknown: randomKey('conform_unknown') };
  const log = options.log ?? ((line: string) => process.stderr.write(`container: ${line}\n`));
  const tail = new LogTail(options.logLines ?? 20);
  const runId = randomBytes(8).toString('hex');
  let started: { container: StartedTestContainer; baseUrl: string; running(): Promise<boolean> } | undefined;
  let startupMs: number | undefined;
  let unregisterSignals = (): void => {};

  const baseUrl = (): string => {
    if (!started) throw new HarnessError('NOT_STARTED', 'The container target is not started: call start() first.');
    return started.baseUrl;
  };
  const fail = (what: string, lines: readonly string[]): HarnessError =>
    new HarnessError(
      'TARGET_START',
      `The container of ${image} ${what}${formatLogLines(lines)}\nTo fix: check the image and its --container-env settings (run it with docker run --network host to see it start).`,
    );

  return {
    name: 'container',
    profile,
    get baseUrl() {
      return baseUrl();
    },
    keys,
    // the image is the reference when the harness made its keys: it then has the reference's conventions (SIM_FAILING_NUMBERS)
    conventions: withConventions(generated ? referenceConventions : urlTargetConventions, options.conventions),
    receiverUrl: (path) => joinUrl(receiverPublicOrigin, path),
    logTail: () => tail.lines(),
    describe: (): TargetDescription => ({
      name: 'container',
      profile: profile.name,
      baseUrl: started ? started.baseUrl : `(container ${image}, not started)`,
      ...(startupMs === undefined ? {} : { startupMs }),
    }),
    async start(context: TargetStartContext = {}) {
      if (started) return;
      const began = performance.now();
      let removeLeftovers = async (): Promise<void> => {};
      // registered before testcontainers loads: listeners already attached (the engine's graceful stop) keep the say
      unregisterSignals = onTermination({
        async cleanup() {
          const running = started;
          started = undefined;
          await (running ? running.container.stop({ timeout: 0, remove: true }).then(() => {}) : removeLeftovers());
        },
        atExit() {
          if (started) spawnSync('docker', ['rm', '-f', started.container.getId()], { stdio: 'ignore', timeout: 10_000 });
        },
      });
      try {
        const { GenericContainer, ImageName, getContainerRuntimeClient } = await loadTestcontainers();
        const client = await getContainerRuntimeClient().catch((error: Error) => {
          throw new HarnessError(
            'TARGET_START',
            `No Docker engine is reachable for --target container (${error.message}). To fix: start dockerd (see image/README.md) or set DOCKER_HOST.`,
          );
        });
        const engineHost = client.info.containerRuntime.host;
        if (!isLoopback(engineHost)) {
          throw new HarnessError(
            'TARGET_START',
            `The Docker engine runs on ${engineHost}, not on this machine: --target container only talks to a local engine (DESIGN.md §5).`,
          );
        }
        if (!(await client.image.exists(ImageName.fromString(image)))) {
          throw new HarnessError(
            'TARGET_START',
            `The image ${image} does not exist on this Docker engine, so no container was started (and there are no log lines). To fix: build it (npm run image builds sms-reference:local) or docker load it; the harness never pulls images (no registry).`,
          );
        }
        const orphans = await removeOrphans(client);
        if (orphans > 0) log(`removed ${orphans} container(s) left running by harness processes that no longer exist`);
        removeLeftovers = async () => {
          const leftover = await client.container.fetchByLabel(runLabel, runId).catch(() => undefined);
          if (leftover) await stopAndRemove(client, leftover);
        };
        const port = options.port ?? (networkMode === 'host' ? await freeLoopbackPort() : 4001);
        const env = { ...referenceImageEnv({ port, networkMode, keys: generated ? keys : undefined, receiver: context.receiver }), ...options.env };
        const urlFor = (publishedPort: number): string => `http://127.0.0.1:${publishedPort}`;
        const wait = new UserMeWaitStrategy(
          (ports) => `${urlFor(networkMode === 'host' ? port : ports.getBinding(port))}/v1/user/me`,
          keys.growth,
          options.logLines ?? 20,
        );
        let container = new GenericContainer(image)
          .withEnvironment(env)
          .withNetworkMode(networkMode)
          .withLabels({ [runLabel]: runId, [ownerPidLabel]: String(process.pid) })
          .withWaitStrategy(wait)
          .withStartupTimeout(options.startupTimeoutMs ?? 30_000)
          .withLogConsumer((stream) => tail.follow(stream));
        if (networkMode === 'bridge') container = container.withExposedPorts(port);
        const running = await container.start();
        const handle = client.container.getById(running.getId());
        started = {
          container: running,
          baseUrl: urlFor(networkMode === 'host' ? port : running.getMappedPort(port)),
          running: () =>
            client.container.inspect(handle).then(
              (info) => info.State.Running,
              () => false,
            ),
        };
      } catch (error) {
        unregisterSignals();
        await removeLeftovers();
        if (isHarnessError(error)) throw error;
        if (error instanceof ContainerNotReady) {
          throw fail(error.kind === 'exited' ? error.message : `never became ready: it ${error.message}`, error.logLines);
        }
        throw fail(`could not start: ${(error as Error).message}`, tail.lines());
      }
      startupMs = Math.round(performance.now() - began);
      log(`${image} ready at ${started.baseUrl} in ${startupMs} ms (start to first check; ${networkMode} network)`);
    },
    async stop() {
      const running = started;
      started = undefined;
      unregisterSignals();
      if (!running) return;
      if (!(await running.running())) log(`${image} was no longer running at the end of the run${formatLogLines(tail.lines())}`);
      await running.container.stop({ timeout: 0, remove: true }).catch(() => {});
    },
  };
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\./.test(host);
}
