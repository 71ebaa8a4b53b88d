import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConformArgs } from '../../cli/conform/args.js';
import { loadConfigFile } from '../../cli/conform/config-file.js';
import { helpText } from '../../cli/conform/help-text.js';
import { resolveRun } from '../../cli/conform/resolve-run.js';
import { defaultSignatureHeader, referenceConventions } from '../../targets/index.js';

const dir = mkdtempSync(join(tmpdir(), 'conv-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, value: unknown): string => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
};
const resolve = (argv: string[], config = {}) => resolveRun(parseConformArgs(argv), config, {}).target.conventions;
const url = ['--target', 'http://127.0.0.1:4999', '--api-key', 'k'];

describe('target conventions from flags and the config file', () => {
  it("gives the targets the project starts the reference conventions and a URL target only the spec's header", () => {
    expect(resolve([])).toEqual(referenceConventions);
    expect(resolve(['--target', 'reference:simulator']).templates?.fixture).toBe('otp-verify');
    expect(resolve(url)).toEqual({ signature: { scheme: 'service', header: defaultSignatureHeader }, failingRecipients: [] });
  });

  it('reads every setting from flags, and from the config file when no flag is given', async () => {
    const templates = file('t.json', {
      templates: [
        { id: 'a', variables: { v: 'x {token}' }, variants: ['en'] },
        { id: 'b', variables: ['w'] },
      ],
    });
    const flags = resolve([
      ...url,
      '--templates',
      templates,
      '--fixture-template',
      'b',
      '--signature-header',
      'Acme-Signature',
      '--failing-recipient',
      '+15550001111',
      '--shared-sender',
      '+15550002222',
    ]);
    expect(flags).toEqual({
      templates: {
        fixture: 'b',
        templates: [
          { id: 'a', variables: { v: 'x {token}' }, variants: ['en'] },
          { id: 'b', variables: { w: 'Conform {token}' }, variants: [] },
        ],
      },
      // named by the user: the target's own, judged instead of DESIGN.md §4's decision
      signature: { scheme: 'service', header: 'Acme-Signature', described: true },
      failingRecipients: ['+15550001111'],
      sharedSender: '+15550002222',
    });
    const config = await loadConfigFile(file('conform.config.json', { templates, signatureScheme: 'standard-webhooks', failingRecipients: ['+15550003333'] }));
    const fromConfig = resolve(url, config);
    expect(fromConfig.templates?.fixture).toBe('a');
    expect(fromConfig.signature.scheme).toBe('standard-webhooks');
    expect(fromConfig.failingRecipients).toEqual(['+15550003333']);
    expect(resolve([...url, '--signature-scheme', 'github'], config).signature.scheme).toBe('github');
    // --dialect, repeatable, and the config key's list
    expect(resolve([...url, '--dialect', 'message=body', '--dialect', 'list=messages']).dialect).toEqual({
      fields: { '*': { message: 'body' } },
      pagination: {},
      listKey: 'messages',
    });
    const dialected = await loadConfigFile(file('dialect.config.json', { dialect: ['sendMessage.message=body', 'pagination.offset=offset'] }));
    expect(resolve(url, dialected).dialect).toEqual({ fields: { sendMessage: { message: 'body' } }, pagination: {}, pageOffset: 'offset' });
    expect(() => resolve([...url, '--dialect', 'nonsense'])).toThrow(/--dialect "nonsense": not <spec name>=<target name>/);
  });

  it('refuses settings that cannot work, saying how to fix them', async () => {
    const noToken = file('no-token.json', { templates: [{ id: 'a', variables: { v: 'fixed' } }] });
    expect(() => resolve([...url, '--templates', noToken])).toThrow(/no variable whose value contains \{token\}/);
    expect(() => resolve([...url, '--templates', file('t2.json', { templates: [{ id: 'a', variables: ['v'] }] }), '--fixture-template', 'zz'])).toThrow(
      /fixture template "zz", which is not in its list \(a\)/,
    );
    expect(() => resolve([...url, '--fixture-template', 'a'])).toThrow(/add --templates/);
    expect(() => resolve([...url, '--templates', join(dir, 'missing.json')])).toThrow(expect.objectContaining({ code: 'CONFIG' }));
    expect(() => resolve([...url, '--signature-scheme', 'hmac'])).toThrow(/--signature-scheme must be one of service, standard-webhooks, github/);
    expect(() => resolve([...url, '--signature-header', 'Bad Header'])).toThrow(/HTTP header name/);
    expect(() => resolve([...url, '--signature-scheme', 'github', '--signature-header', 'X'])).toThrow(/fixed headers/);
    // the embedded reference plays a catalogue only with its texts
    expect(() => resolve(['--templates', file('names.json', { templates: [{ id: 'a', variables: ['v'], variants: ['en'] }] })])).toThrow(/variant texts/);
    await expect(loadConfigFile(file('bad.json', { failingRecipients: '+1555' }))).rejects.toThrow(/wrong type/);
  });

  it('lists every setting in --help', () => {
    for (const flag of [
      '--templates <file.json>',
      '--fixture-template <id>',
      '--signature-scheme',
      '--signature-header',
      '--failing-recipient',
      '--shared-sender',
    ])
      expect(helpText).toContain(flag);
  });
});
