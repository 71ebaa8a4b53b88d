import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startReceiver, verifyDelivery } from '../../receiver/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tsx = `${root}node_modules/.bin/tsx`;
const dir = mkdtempSync(join(tmpdir(), 'sim-conv-'));
const templates = join(dir, 'templates.json');
writeFileSync(
  templates,
  JSON.stringify({ templates: [{ id: 'acme-login', variables: { pin: '1', brand: 'Acme {token}' }, variants: { en: '{brand} PIN {pin}' } }] }),
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `npm run simulator` with args and env until `work` is done; stopped with SIGTERM (bounded by a 30 s kill). */
async function withSimulator(args: string[], env: Record<string, string>, work: (api: string) => Promise<void>): Promise<void> {
  const child = spawn(tsx, ['cli/simulator/simulator.ts', '--api-port', '0', '--no-ui', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  try {
    const api = await new Promise<string>((resolve, reject) => {
      child.on('exit', (code) => reject(new Error(`the simulator exited ${code}`)));
      child.stdout.on('data', () => {
        const found = /API on (http:\/\/127\.0\.0\.1:\d+)\/v1/.exec(out);
        if (found) resolve(found[1] as string);
      });
    });
    await work(api);
  } finally {
    child.kill('SIGTERM');
    clearTimeout(kill);
  }
}

describe('npm run simulator plays another target convention', () => {
  for (const [label, args, env, scheme, header] of [
    ['--templates and --signature-header Acme-Signature', ['--templates', templates, '--signature-header', 'Acme-Signature'], {}, 'service', 'acme-signature'],
    [
      'SIM_TEMPLATES_FILE and SIM_SIGNATURE_SCHEME=standard-webhooks',
      [],
      { SIM_TEMPLATES_FILE: templates, SIM_SIGNATURE_SCHEME: 'standard-webhooks' },
      'standard-webhooks',
      'webhook-signature',
    ],
  ] as const) {
    it(`serves its catalogue and signs with it (${label})`, async () => {
      const receiver = await startReceiver({ host: '127.0.0.1', httpPort: 0, httpsPort: 0 });
      const secret = `whsec_${'ab'.repeat(32)}`;
      try {
        const hook = `${receiver.httpUrl}/events`;
        await withSimulator([...args, '--webhook-url', hook, '--step-ms', '5'], { ...env, SIM_WEBHOOK_SECRET: secret }, async (api) => {
          const post = (body: unknown) =>
            fetch(`${api}/v1/messages/send-template`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-api-key': 'any' },
              body: JSON.stringify(body),
            });
          const sent = await post({ template: 'acme-login', to: '+14155550100', data: { pin: '77', brand: 'Acme' } });
          expect(sent.status).toBe(201);
          expect(((await sent.json()) as { message: string }).message).toBe('Acme PIN 77');
          expect((await post({ template: 'otp-verify', to: '+14155550100', data: { code: '1', company: 'x' } })).status).toBe(404);
          const delivery = await receiver.store.waitFor((d) => d.path === '/events', 10_000);
          expect(delivery.headers[header]).toBeDefined();
          expect(delivery.headers['service-signature']).toBeUndefined();
          expect(verifyDelivery(delivery, scheme, [secret], { headerName: 'Acme-Signature' }).ok).toBe(true);
        });
      } finally {
        await receiver.stop();
      }
    }, 40_000);
  }

  it('refuses an unknown scheme with exit code 2 and lists the flags in --help', async () => {
    const bad = spawn(tsx, ['cli/simulator/simulator.ts', '--no-ui', '--api-port', '0', '--signature-scheme', 'acme'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    bad.stderr.on('data', (c: Buffer) => (err += c.toString()));
    expect(await new Promise((resolve) => bad.on('exit', resolve))).toBe(2);
    expect(err).toMatch(/signature\.scheme is "acme": use one of service, standard-webhooks, github/);
    const help = spawn(tsx, ['cli/simulator/simulator.ts', '--help'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    help.stdout.on('data', (c: Buffer) => (out += c.toString()));
    await new Promise((resolve) => help.on('exit', resolve));
    for (const flag of ['--templates <file>', 'SIM_TEMPLATES_FILE', '--signature-scheme', 'SIM_SIGNATURE_SCHEME', '--signature-header', 'SIM_SIGNATURE_HEADER'])
      expect(out).toContain(flag);
  }, 40_000);
});
