import { describe, expect, it } from 'vitest';
import { parseConformArgs } from '../../cli/conform/args.js';
import { conformCommandFor } from '../../cli/simulator/conform-command-for.js';
import { resolveRun } from '../../cli/conform/resolve-run.js';
import { defaultRouting } from '../../cli/simulator/default-routing.js';
import { receiverPublicOrigin, simulatorReceiverPort, simulatorWebhookPath, simulatorWebhookUrl } from '../../spec/simulator-defaults.js';

const given = { mode: 'simulator' as const, webhookUrl: undefined, egress: {}, hosts: {}, failingNumbers: [] };

describe('npm run simulator and conform --target simulator meet on the defaults', () => {
  it('the simulator delivers its one URL and registered webhooks to the port --target simulator listens on', () => {
    const routing = defaultRouting(given);
    expect(routing.webhookUrl).toBe(simulatorWebhookUrl);
    expect(routing.egress[receiverPublicOrigin]).toBe(`http://127.0.0.1:${simulatorReceiverPort}`);
    expect(routing.hosts['hooks.conformance.example']).toEqual(['93.184.216.34']);
    const run = resolveRun(parseConformArgs(['--target', 'simulator']), {}, {});
    expect(run.target.receiverPort).toBe(routing.receiverPort);
    expect(run.target.oneWebhookPath).toBe(new URL(simulatorWebhookUrl).pathname);
    expect(run.target.conventions.failingRecipients).toEqual(routing.failingNumbers);
    expect(run.target.receiverUrl('/x')).toBe(`${receiverPublicOrigin}/x`);
  });

  it('with the defaults the simulator prints `npm run conform -- --target simulator`; otherwise the flags that differ', () => {
    const defaults = defaultRouting(given);
    expect(
      conformCommandFor({ mode: 'simulator', apiUrl: 'http://127.0.0.1:4001', webhookUrl: defaults.webhookUrl, receiverPort: defaults.receiverPort }),
    ).toBe('npm run conform -- --target simulator');
    const moved = defaultRouting({ ...given, webhookUrl: 'http://127.0.0.1:5010/hooks' });
    expect(moved.egress[receiverPublicOrigin]).toBe('http://127.0.0.1:5010');
    const command = conformCommandFor({ mode: 'simulator', apiUrl: 'http://127.0.0.1:5001', webhookUrl: moved.webhookUrl, receiverPort: moved.receiverPort });
    expect(command).toBe(
      'npm run conform -- --target simulator --base-url http://127.0.0.1:5001 --receiver-port 5010 --simulator-webhook-url http://127.0.0.1:5010/hooks',
    );
    // the printed command resolves to a target that listens where the simulator delivers
    const run = resolveRun(parseConformArgs(command.replace('npm run conform -- ', '').split(' ')), {}, {});
    expect(run.target.baseUrl).toBe('http://127.0.0.1:5001');
    expect(run.target.receiverPort).toBe(5010);
    expect(run.target.oneWebhookPath).toBe('/hooks');
    // its virtual phones: the default UI is known to --target simulator only with the default API; moved, it is printed
    const withUi = (apiUrl: string, uiUrl: string) =>
      conformCommandFor({ mode: 'simulator', apiUrl, webhookUrl: defaults.webhookUrl, receiverPort: defaults.receiverPort, uiUrl });
    expect(withUi('http://127.0.0.1:4001', 'http://127.0.0.1:4000')).toBe('npm run conform -- --target simulator');
    const phones = withUi('http://127.0.0.1:4001', 'http://127.0.0.1:5000');
    expect(phones).toBe(
      `npm run conform -- --target simulator --inbound-trigger 'POST http://127.0.0.1:5000/ui/phones/{from}/send {"to":"{to}","message":"{message}"}'`,
    );
    const trigger = /--inbound-trigger '([^']+)'/.exec(phones)?.[1] as string;
    expect(resolveRun(parseConformArgs(['--target', 'simulator', '--inbound-trigger', trigger]), {}, {}).target.conventions.inboundTrigger?.url).toBe(
      'http://127.0.0.1:5000/ui/phones/{from}/send',
    );
    expect(withUi('http://127.0.0.1:5001', 'http://127.0.0.1:4000')).toMatch(
      /--base-url http:\/\/127\.0\.0\.1:5001 --inbound-trigger 'POST http:\/\/127\.0\.0\.1:4000\//,
    );
    expect(conformCommandFor({ mode: 'production', apiUrl: 'http://127.0.0.1:4001', webhookUrl: undefined, receiverPort: 4010 })).not.toMatch(/--api-key \S/);
  });

  it('a simulator started with conventions of its own prints them, and the printed command resolves to them', () => {
    const conventions = { templates: 'examples/conventions/acme-templates.json', signatureHeader: 'Acme-Signature' };
    const command = conformCommandFor({ mode: 'simulator', apiUrl: 'http://127.0.0.1:4001', webhookUrl: simulatorWebhookUrl, receiverPort: 4010, conventions });
    expect(command).toBe('npm run conform -- --target simulator --templates examples/conventions/acme-templates.json --signature-header Acme-Signature');
    const run = resolveRun(parseConformArgs(command.replace('npm run conform -- ', '').split(' ')), {}, {});
    expect(run.target.conventions.signature).toMatchObject({ scheme: 'service', header: 'Acme-Signature', described: true });
    expect(run.target.conventions.templates?.templates.map((t) => t.id)).toContain('acme-login');
    // a word the shell would split or expand is quoted
    const spaced = conformCommandFor({
      mode: 'simulator',
      apiUrl: 'http://127.0.0.1:4001',
      webhookUrl: simulatorWebhookUrl,
      receiverPort: 4010,
      conventions: { templates: "my dir/it's.json" },
    });
    expect(spaced).toBe(`npm run conform -- --target simulator --templates 'my dir/it'\\''s.json'`);
  });

  it('given routing flags win, and the egress guard still allows loopback only (the reference refuses others)', () => {
    const routing = defaultRouting({ ...given, egress: { [receiverPublicOrigin]: 'http://127.0.0.1:6000' } });
    expect(routing.egress[receiverPublicOrigin]).toBe('http://127.0.0.1:6000');
    expect(routing.receiverPort).toBe(6000);
    expect(defaultRouting({ ...given, mode: 'production' }).webhookUrl).toBeUndefined();
  });

  it('--simulator-webhook-url: loopback http on the receiver port, simulator profile only', () => {
    const parse = (argv: string[]) => resolveRun(parseConformArgs(argv), {}, {});
    expect(parse(['--target', 'http://127.0.0.1:4001', '--profile', 'simulator']).target.oneWebhookPath).toBe(simulatorWebhookPath);
    expect(() => parse(['--target', 'simulator', '--simulator-webhook-url', 'https://hooks.example.com/x'])).toThrow(/http URL on 127\.0\.0\.1/);
    expect(() => parse(['--target', 'simulator', '--simulator-webhook-url', 'http://127.0.0.1:5000/x', '--receiver-port', '5001'])).toThrow(/same port/);
    expect(() => parse(['--target', 'http://127.0.0.1:4001', '--simulator-webhook-url', 'http://127.0.0.1:5000/x'])).toThrow(/simulator profile only/);
    expect(() => parse(['--target', 'reference', '--simulator-webhook-url', 'http://127.0.0.1:5000/x'])).toThrow(/running simulator/);
  });
});
