/**
 * `npm run image [-- --tag name:tag]`: builds the reference service's image with no image registry (DESIGN.md §6):
 * a FROM-scratch root filesystem (this machine's node + the shared libraries it needs, the bundled reference, an
 * unprivileged user) imported with `docker import`. Default tag sms-reference:local.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { bundleReference } from './bundle-reference.js';
import { assembleNodeRootfs, imageNodePath, imageUser } from './node-rootfs.js';

/** The tag `npm run image` builds by default. */
export const defaultImageTag = 'sms-reference:local';

/** Builds the image and returns its tag and the build time. */
export async function buildReferenceImage(tag = defaultImageTag): Promise<{ tag: string; ms: number }> {
  const started = performance.now();
  await assertEngineAnswers();
  const root = await mkdtemp(join(tmpdir(), 'sms-reference-rootfs-'));
  try {
    await bundleReference(join(root, 'app'));
    await assembleNodeRootfs(root);
    const changes = [
      `USER ${imageUser.uid}:${imageUser.gid}`,
      'WORKDIR /app',
      'ENV SIM_API_PORT=4001',
      `ENTRYPOINT ["${imageNodePath}", "/app/reference.mjs"]`,
      'LABEL org.opencontainers.image.title="sms-reference" org.opencontainers.image.description="reference SMS API (SIM_* env)"',
    ];
    await pipeline(
      ['tar', ['--numeric-owner', '--owner=0', '--group=0', '-C', root, '-c', '.']],
      ['docker', ['import', ...changes.flatMap((change) => ['--change', change]), '-', tag]],
    );
    return { tag, ms: Math.round(performance.now() - started) };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** Fails within seconds, before anything is bundled, when no Docker engine answers (DOCKER_HOST is honoured). */
function assertEngineAnswers(timeoutMs = 4_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = spawn('docker', ['version', '--format', '{{.Server.Version}}'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    probe.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const timer = setTimeout(() => probe.kill('SIGKILL'), timeoutMs);
    probe.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`docker could not be started (${error.message})`));
    });
    probe.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve();
      const why = signal ? `no answer within ${timeoutMs} ms` : errors.trim().split('\n')[0] || `docker version exited ${code}`;
      reject(new Error(`no Docker engine answers: ${why}`));
    });
  });
}

/** Runs `producer | consumer`; rejects with the consumer's stderr when either fails. */
function pipeline(producer: [string, string[]], consumer: [string, string[]]): Promise<void> {
  return new Promise((resolve, reject) => {
    const from = spawn(producer[0], producer[1], { stdio: ['ignore', 'pipe', 'pipe'] });
    const to = spawn(consumer[0], consumer[1], { stdio: ['pipe', 'ignore', 'pipe'] });
    from.stdout.pipe(to.stdin);
    to.stdin.on('error', () => {}); // EPIPE when the consumer fails first; its exit code and stderr tell why
    let errors = '';
    from.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    to.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    let producerCode: number | null = null;
    from.on('error', reject);
    to.on('error', reject);
    from.on('close', (code) => (producerCode = code));
    to.on('close', (code) => {
      // a consumer that ended first (no engine) leaves the producer blocked on a full pipe: end it, or the process
      // never exits (issue 15)
      if (producerCode === null) {
        from.stdout.destroy();
        from.kill('SIGKILL');
      }
      if (code === 0 && producerCode === 0) resolve();
      else reject(new Error(`${producer[0]} | ${consumer[0]} ${consumer[1][0] ?? ''} failed: ${errors.trim() || `exit ${code}`}`));
    });
  });
}

if (process.argv[1]?.endsWith('build-image.ts')) {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { tag: { type: 'string' } }, strict: true });
  try {
    const { tag, ms } = await buildReferenceImage(values.tag ?? defaultImageTag);
    console.log(`image: built ${tag} in ${ms} ms (FROM scratch: node ${process.version} + bundled reference)`);
  } catch (error) {
    const message = (error as Error).message;
    console.error(`image: the build failed: ${message}${/[.?!]$/.test(message) ? '' : '.'} Is the Docker engine running (docker info)? See image/README.md.`);
    process.exitCode = 2;
  }
}
