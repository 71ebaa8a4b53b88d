import { readFileSync } from 'node:fs';
import { HarnessError, parseTemplateCatalogue, signatureSchemeNames } from '../targets/index.js';
import type { ConventionSettings, SignatureSchemeName } from '../targets/index.js';
import type { ConformArgs } from './args.js';
import type { ConformConfig } from './config-file.js';

/** The target conventions of flags over the config file (README "Target conventions"); unset ones keep the target's defaults. */
export function resolveConventions(args: ConformArgs, config: ConformConfig): ConventionSettings {
  const fixture = args.fixtureTemplate ?? config.fixtureTemplate;
  const source = args.templates ?? config.templates;
  if (source === undefined && fixture !== undefined) {
    throw new HarnessError('USAGE', '--fixture-template picks a template of the catalogue: add --templates <file.json> (config key "templates").');
  }
  const scheme = args.signatureScheme ?? config.signatureScheme;
  if (scheme !== undefined && !(signatureSchemeNames as readonly string[]).includes(scheme)) {
    throw new HarnessError('USAGE', `--signature-scheme must be one of ${signatureSchemeNames.join(', ')}, got "${scheme}".`);
  }
  const header = args.signatureHeader ?? config.signatureHeader;
  // RFC 9110 §5.1: a field name is a token
  if (header !== undefined && !/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(header)) {
    throw new HarnessError('USAGE', `--signature-header must be an HTTP header name such as Acme-Signature, got "${header}".`);
  }
  const failing = args.failingRecipients.length > 0 ? args.failingRecipients : config.failingRecipients;
  const shared = args.sharedSender ?? config.sharedSender;
  return {
    ...(source === undefined ? {} : { templates: typeof source === 'string' ? parseTemplateCatalogue(readJson(source), source, fixture) : parseTemplateCatalogue(source, 'the config key "templates"', fixture) }),
    ...(scheme === undefined ? {} : { signatureScheme: scheme as SignatureSchemeName }),
    ...(header === undefined ? {} : { signatureHeader: header }),
    ...(failing === undefined || failing.length === 0 ? {} : { failingRecipients: failing }),
    ...(shared === undefined ? {} : { sharedSender: shared }),
  };
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch (error) {
    throw new HarnessError('CONFIG', `Could not read the template catalogue ${file}: ${(error as Error).message}. Give a JSON file (--templates).`);
  }
}
