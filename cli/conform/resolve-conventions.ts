import { readFileSync } from 'node:fs';
import { HarnessError, parseDialect, parseInboundTrigger, parseTemplateCatalogue } from '../../targets/index.js';
import type { ConventionSettings, SignatureSchemeName } from '../../targets/index.js';
import type { ResolvedOptions } from './options/resolve-options.js';

/**
 * The target conventions of the resolved options (docs/conventions.md); unset ones keep the target's defaults.
 * The option table already checked their types and the scheme's values; this checks what depends on more than one.
 */
export function resolveConventions({ values: o, labelOf }: ResolvedOptions): ConventionSettings {
  const fixture = o.fixtureTemplate;
  const source = o.templates;
  if (source === undefined && fixture !== undefined) {
    throw new HarnessError('USAGE', `${labelOf('fixtureTemplate')} picks a template of the catalogue: add --templates <file.json> (config key "templates").`);
  }
  const header = o.signatureHeader;
  // RFC 9110 §5.1: a field name is a token
  if (header !== undefined && !/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(header)) {
    throw new HarnessError('USAGE', `${labelOf('signatureHeader')} must be an HTTP header name such as Acme-Signature, got "${header}".`);
  }
  const failing = o.failingRecipient;
  const dialect = parseDialect(o.dialect ?? [], labelOf('dialect'));
  return {
    ...(source === undefined
      ? {}
      : {
          templates:
            typeof source === 'string'
              ? parseTemplateCatalogue(readJson(source, labelOf('templates')), source, fixture)
              : parseTemplateCatalogue(source, labelOf('templates'), fixture),
        }),
    ...(o.signatureScheme === undefined ? {} : { signatureScheme: o.signatureScheme as SignatureSchemeName }),
    ...(header === undefined ? {} : { signatureHeader: header }),
    ...(failing === undefined || failing.length === 0 ? {} : { failingRecipients: failing }),
    ...(o.sharedSender === undefined ? {} : { sharedSender: o.sharedSender }),
    ...(o.inboundTrigger === undefined ? {} : { inboundTrigger: parseInboundTrigger(o.inboundTrigger, labelOf('inboundTrigger')) }),
    ...(dialect === undefined ? {} : { dialect }),
  };
}

function readJson(file: string, label: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch (error) {
    throw new HarnessError('CONFIG', `Could not read the template catalogue ${file}: ${(error as Error).message}. Give a JSON file (${label}).`);
  }
}
