import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference } from '../../simulator/index.js';
import type { ReferenceOptions, ReferenceServer } from '../../simulator/index.js';
import { freeLoopbackPort } from '../../targets/container/free-port.js';
import { conform } from '../helpers/run-conform.js';

// The reference played as a third party's deployment at a URL (issue 13 item 3): its own template catalogue and
// signature, webhooks routed to conform's receiver by the reference's resolver and egress router (loopback only).
const keys = { growth: 'conv_growth_key', starter: 'conv_starter_key', rateLimit: 'conv_ratelimit_key' };
const failing = '+15550004444';
const acmeCatalogue = {
  fixture: 'acme-login',
  templates: [
    {
      id: 'acme-login',
      variables: { pin: '4321', brand: 'Acme {token}' },
      variants: { en: '{brand}: your login PIN is {pin}', de: '{brand}: Ihre Anmelde-PIN ist {pin}' },
    },
    { id: 'acme-alert', variables: ['name'], variants: { en: 'Alert for {name}' } },
  ],
};

interface CheckRow {
  id: string;
  status: string;
  reason?: string;
}

const dir = mkdtempSync(join(tmpdir(), 'conv-test-'));
const catalogueFile = join(dir, 'acme-templates.json');
writeFileSync(catalogueFile, JSON.stringify(acmeCatalogue));

/** Starts the reference in production mode on a free port with the given conventions and a route to `receiverPort`. */
async function playedTarget(receiverPort: number, extra: Partial<ReferenceOptions>): Promise<ReferenceServer> {
  return startReference({
    mode: 'production',
    host: '127.0.0.1',
    port: 0,
    keys: {
      [keys.growth]: { tier: 'growth', ratePerMinute: null },
      [keys.starter]: { tier: 'starter', ratePerMinute: null },
      [keys.rateLimit]: { tier: 'growth', ratePerMinute: 100 },
    },
    lifecycle: { stepMs: 5 },
    retry: { maxAttempts: 3, baseDelayMs: 10 },
    failingNumbers: [failing],
    hosts: { 'hooks.conformance.example': ['93.184.216.34'] },
    egress: { 'https://hooks.conformance.example': `http://127.0.0.1:${receiverPort}` },
    ui: false,
    ...extra,
  });
}

/** `conform` against the played target as a URL (profile reference: local, keys, tiers), returning the exit code and results. */
async function run(server: ReferenceServer, receiverPort: number, name: string, args: string[]): Promise<{ code: number; checks: CheckRow[]; stderr: string }> {
  const out = join(dir, name);
  const { code, stderr } = await conform([
    '--target',
    server.url,
    '--profile',
    'reference',
    '--api-key',
    keys.growth,
    '--starter-api-key',
    keys.starter,
    '--rate-limit-api-key',
    keys.rateLimit,
    '--receiver-port',
    String(receiverPort),
    '--seed',
    '7',
    '--out',
    out,
    '--reporter',
    'json',
    ...args,
  ]);
  const checks = code === 2 ? [] : (JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as { checks: CheckRow[] }).checks;
  return { code, checks, stderr };
}

const byStatus = (checks: CheckRow[], status: string): string[] =>
  checks
    .filter((c) => c.status === status)
    .map((c) => c.id)
    .sort();
const find = (checks: CheckRow[], id: string): CheckRow | undefined => checks.find((c) => c.id === id);
const webhookSuites = ['--suite', 'scenarios/signatures', '--suite', 'scenarios/webhooks', '--suite', 'scenarios/lifecycle', '--suite', 'history/deliveries'];

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a target with another template catalogue (the reference with acme-login, as a URL)', () => {
  const acmeTemplates = acmeCatalogue.templates.map((t) => ({
    id: t.id,
    variables: Array.isArray(t.variables) ? t.variables : Object.keys(t.variables),
    variants: t.variants as Record<string, string>,
  }));
  let server: ReferenceServer;
  let port: number;
  beforeAll(async () => {
    port = await freeLoopbackPort();
    server = await playedTarget(port, { templates: acmeTemplates });
  });
  afterAll(() => server.stop());

  it('conforms when the settings name its catalogue, failing recipient and shared sender', async () => {
    const result = await run(server, port, 'templates-given', [
      '--templates',
      catalogueFile,
      '--failing-recipient',
      failing,
      '--shared-sender',
      '+15550000000',
    ]);
    expect(byStatus(result.checks, 'failed')).toEqual([]);
    expect(byStatus(result.checks, 'errored')).toEqual([]);
    expect(result.code).toBe(0);
    for (const id of [
      'TPL-SCENARIO-VARIANT',
      'TPL-SCENARIO-VARIANT-LANGUAGE',
      'TPL-SCENARIO-RENDERED',
      'CONTRACT-SENDTEMPLATEMESSAGE-POSITIVE',
      'TIER-SCENARIO-GROWTH-TEMPLATE',
      'LIFECYCLE-FAILED-REASON',
      'TIER-SCENARIO-SHARED-NUMBER-VALUE',
    ]) {
      expect(find(result.checks, id)?.status, id).toBe('passed');
    }
  }, 120_000);

  it('skips (never fails) what needs the catalogue, the failing recipient or the shared sender when they are not given, naming the setting', async () => {
    const result = await run(server, port, 'templates-missing', []);
    expect(byStatus(result.checks, 'failed')).toEqual([]);
    expect(result.code).toBe(0);
    for (const id of [
      'TPL-SCENARIO-VARIANT',
      'TPL-SCENARIO-RENDERED',
      'CONTRACT-SENDTEMPLATEMESSAGE-POSITIVE',
      'TIER-SCENARIO-GROWTH-TEMPLATE',
      'IDEM-SCENARIO-REPLAY-TEMPLATE',
    ]) {
      const check = find(result.checks, id);
      expect(check?.status, id).toBe('skipped');
      expect(check?.reason, id).toMatch(/--templates <file\.json> \(config key "templates"\)/);
    }
    // negative send-template checks wait on that baseline and say so
    expect(result.checks.filter((c) => c.id.startsWith('CONTRACT-SENDTEMPLATEMESSAGE-') && c.status !== 'skipped')).toEqual([]);
    expect(find(result.checks, 'LIFECYCLE-FAILED-REASON')?.reason).toMatch(/--failing-recipient/);
    expect(find(result.checks, 'TIER-SCENARIO-SHARED-NUMBER-VALUE')?.reason).toMatch(/--shared-sender/);
    // free-form sends still run everywhere they can
    expect(find(result.checks, 'PAGINATION-SCENARIO-CONTAINS-CREATED')?.status).toBe('passed');
  }, 120_000);

  it('takes the catalogue inline from the config file, with --fixture-template choosing the template', async () => {
    const config = join(dir, 'conform.config.json');
    writeFileSync(config, JSON.stringify({ templates: acmeCatalogue, fixtureTemplate: 'acme-alert' }));
    // a fresh target: the contract's boundary Idempotency-Keys are short and fixed, and the runs above used them with acme-login
    const ownPort = await freeLoopbackPort();
    const own = await playedTarget(ownPort, { templates: acmeTemplates });
    const result = await run(own, ownPort, 'templates-config', ['--config', config, '--suite', 'scenarios/templates', '--suite', 'contract/messages']).finally(
      () => own.stop(),
    );
    expect(byStatus(result.checks, 'failed')).toEqual([]);
    expect(find(result.checks, 'TPL-SCENARIO-RENDERED')?.status).toBe('passed');
    // acme-alert has one variant: the two-language check cannot run and says why
    expect(find(result.checks, 'TPL-SCENARIO-VARIANT-LANGUAGE')?.reason).toMatch(/acme-alert 1 variant\(s\).*--templates/);
  }, 120_000);
});

describe('targets that sign another way (spec §5.3: "named Service-Signature here")', () => {
  const played = [
    {
      label: 'Acme-Signature (service construction)',
      signature: { scheme: 'service' as const, header: 'Acme-Signature' },
      flags: ['--signature-header', 'Acme-Signature'],
      hint: /--signature-header acme-signature \(config key "signatureHeader"\)/,
    },
    {
      label: 'Standard Webhooks',
      signature: { scheme: 'standard-webhooks' as const },
      flags: ['--signature-scheme', 'standard-webhooks'],
      hint: /--signature-scheme standard-webhooks \(config key "signatureScheme"\)/,
    },
  ];
  for (const { label, signature, flags, hint } of played) {
    describe(label, () => {
      let server: ReferenceServer;
      let port: number;
      beforeAll(async () => {
        port = await freeLoopbackPort();
        server = await playedTarget(port, { signature });
      });
      afterAll(() => server.stop());

      it('conforms when the settings name the scheme', async () => {
        const result = await run(server, port, `sig-given-${signature.scheme}`, [...flags, '--failing-recipient', failing]);
        expect(byStatus(result.checks, 'failed')).toEqual([]);
        expect(result.code).toBe(0);
        for (const id of [
          'SIGNATURE-HMAC-VERIFIES',
          'SIGNATURE-RAW-BODY',
          'SIGNATURE-TIMESTAMP',
          'SIGNATURE-SERVICE-SCHEME',
          'SIGNATURE-PER-WEBHOOK',
          'HISTORY-DELIVERY-SECRET-ROTATION',
        ]) {
          expect(find(result.checks, id)?.status, id).toBe('passed');
        }
        // DESIGN.md §4's Service-Event/Service-Delivery-Id go with Service-Signature only
        expect(find(result.checks, 'SIGNATURE-EXTRA-HEADERS')?.status).toBe('skipped');
      }, 120_000);

      it("passes the must signature checks (any common construction) and fails DESIGN.md §4's scheme at should, naming the setting", async () => {
        const result = await run(server, port, `sig-missing-${signature.scheme}`, webhookSuites);
        // spec §5.3 shows neither the header nor the construction: a valid HMAC-SHA256 in a common one passes at must
        for (const id of ['SIGNATURE-HMAC-VERIFIES', 'SIGNATURE-PER-WEBHOOK', 'HISTORY-DELIVERY-SECRET-ROTATION'])
          expect(find(result.checks, id)?.status, id).toBe('passed');
        // the decision is the default (DESIGN.md §3): the target differs from it, at should, and is told how to say so
        const scheme = find(result.checks, 'SIGNATURE-SERVICE-SCHEME');
        expect(scheme?.status).toBe('failed');
        expect(scheme?.reason).toMatch(/where DESIGN\.md §4 decides Service-Signature \(service scheme\)/);
        expect(scheme?.reason).toMatch(hint);
        expect(byStatus(result.checks, 'failed').filter((id) => id !== 'SIGNATURE-EXTRA-HEADERS')).toEqual(['SIGNATURE-SERVICE-SCHEME']);
        // behind the naming gap the construction is still judged, under the convention the deliveries carry
        for (const id of ['SIGNATURE-RAW-BODY', ...(signature.scheme === 'service' ? ['SIGNATURE-TIMESTAMP'] : [])])
          expect(find(result.checks, id)?.status, id).toBe('passed');
        expect(result.code).toBe(1);
      }, 120_000);
    });
  }

  it('still fails a delivery that carries no signature at all (the no-signature-header fault)', async () => {
    const port = await freeLoopbackPort();
    const server = await playedTarget(port, { faults: ['no-signature-header'] });
    try {
      const result = await run(server, port, 'sig-none', ['--check', 'SIGNATURE-HMAC-VERIFIES']);
      expect(find(result.checks, 'SIGNATURE-HMAC-VERIFIES')?.status).toBe('failed');
      expect(find(result.checks, 'SIGNATURE-HMAC-VERIFIES')?.reason).toMatch(/no signature header \(no service-signature/);
      expect((find(result.checks, 'SIGNATURE-HMAC-VERIFIES') as { violated?: string[] } | undefined)?.violated).toEqual(['SIG-HEADER-PRESENT']);
      expect(result.code).toBe(1);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
