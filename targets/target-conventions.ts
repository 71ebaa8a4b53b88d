import type { Dialect } from './dialect.js';
import { HarnessError } from './harness-error.js';
import type { InboundTrigger } from './inbound-trigger.js';

/** One template of a target's catalogue (spec §2.5: the catalogue and its variables are "not shown"). */
export interface TemplateConvention {
  readonly id: string;
  /** Variable name → the value the checks send; `{token}` in a value becomes the check's unique token. */
  readonly variables: Readonly<Record<string, string>>;
  /** Variant names, e.g. language codes (may be empty: the checks then send no variant). */
  readonly variants: readonly string[];
  /** Variant → template text, when the file gives them (the reference can then play the catalogue). */
  readonly texts?: Readonly<Record<string, string>>;
}

/** The template catalogue of a target and the one template the checks and fixtures send. */
export interface TemplateCatalogue {
  readonly templates: readonly TemplateConvention[];
  /** The id of the template the checks send (a member of templates). */
  readonly fixture: string;
}

/** The signature schemes the receiver verifies (receiver/schemes/; DESIGN.md §4 signature). */
export const signatureSchemeNames = ['service', 'standard-webhooks', 'github'] as const;

/** A signature scheme name. */
export type SignatureSchemeName = (typeof signatureSchemeNames)[number];

/** How a target signs its deliveries. */
export interface SignatureConvention {
  readonly scheme: SignatureSchemeName;
  /** The header of the service scheme (spec §5.3 names it "Service-Signature here"); the other schemes fix theirs. */
  readonly header: string;
  /**
   * True when the user named the target's own (--signature-scheme, --signature-header); else it is DESIGN.md §4's
   * decision, which the should-level checks apply on every target and fail at, naming the setting (DESIGN.md §3
   * "Target conventions are settings": decisions are defaults).
   */
  readonly described?: boolean;
}

/**
 * What a target does where the spec leaves it open (DESIGN.md §3 "Target conventions are settings"): the reference's
 * choices are the defaults of the targets this project starts; a URL target has only what the user gives.
 */
export interface TargetConventions {
  /** spec §2.5: undefined when nobody described the target's catalogue (template checks are then skipped). */
  readonly templates?: TemplateCatalogue;
  readonly signature: SignatureConvention;
  /** Recipients whose messages the target fails on purpose (DESIGN.md §4 status lifecycle), so message.failed is seen. */
  readonly failingRecipients: readonly string[];
  /** spec §4.1: the shared number a Starter send-template without from is sent from, when the user names it. */
  readonly sharedSender?: string;
  /** spec §6: how to make the target receive an inbound message (a virtual phone texting it), when known. */
  readonly inboundTrigger?: InboundTrigger;
  /** How the target names what the spec names (DESIGN.md §3 "Dialects"): the run sends and reads in its names. */
  readonly dialect?: Dialect;
}

/** The settings a user gives (flags or config file); anything left out keeps the target's default. */
export interface ConventionSettings {
  readonly templates?: TemplateCatalogue;
  readonly signatureScheme?: SignatureSchemeName;
  readonly signatureHeader?: string;
  readonly failingRecipients?: readonly string[];
  readonly sharedSender?: string;
  readonly inboundTrigger?: InboundTrigger;
  /** How the target names what the spec names (DESIGN.md §3 "Dialects"): the run sends and reads in its names. */
  readonly dialect?: Dialect;
}

/** The conventions a check may need; a missing one skips the check with {@link missingConvention}. */
export type ConventionName = 'templates' | 'failingRecipient' | 'sharedSender' | 'inboundTrigger';

/** Where each convention is set: the flag and the config-file key (named in every skip reason). */
export const conventionSettingNames: Readonly<Record<ConventionName | 'signatureScheme' | 'signatureHeader', { flag: string; key: string }>> = {
  templates: { flag: '--templates <file.json>', key: 'templates' },
  failingRecipient: { flag: '--failing-recipient <e164>', key: 'failingRecipients' },
  sharedSender: { flag: '--shared-sender <e164>', key: 'sharedSender' },
  inboundTrigger: { flag: '--inbound-trigger "<METHOD> <url> [<body>]"', key: 'inboundTrigger' },
  signatureScheme: { flag: '--signature-scheme <name>', key: 'signatureScheme' },
  signatureHeader: { flag: '--signature-header <name>', key: 'signatureHeader' },
};

/** "pass --x (config key "x")": how to give a setting, for skip reasons and errors. */
export function howToSet(name: keyof typeof conventionSettingNames): string {
  const { flag, key } = conventionSettingNames[name];
  return `pass ${flag} (config key "${key}")`;
}

/** The header spec §5.3 names ("Service-Signature here"). */
export const defaultSignatureHeader = 'Service-Signature';

/** The signature the spec names, with DESIGN.md §4's construction: the default of every target. */
export const defaultSignature: SignatureConvention = { scheme: 'service', header: defaultSignatureHeader };

/** The reference's catalogue as the harness knows it from DESIGN.md §4 (otp-verify {code, company}, language variants). */
export const referenceTemplates: TemplateCatalogue = {
  fixture: 'otp-verify',
  templates: [
    { id: 'otp-verify', variables: { code: '123456', company: 'Conform {token}' }, variants: ['en', 'es'] },
    { id: 'password-reset', variables: { company: 'Conform {token}', url: 'https://example.com/r', minutes: '15' }, variants: ['en', 'es'] },
  ],
};

/** The recipients the reference fails on purpose by default (its failing-number list), so message.failed can be seen. */
export const referenceFailingNumbers: readonly string[] = ['+15550009999'];

/** The reference's shared sender number (DESIGN.md §4 tiers: Starter sends without from use it). */
export const referenceSharedSender = '+15550000000';

/** The conventions of the targets this project starts (embedded reference, container, reference:simulator). */
export const referenceConventions: TargetConventions = {
  templates: referenceTemplates,
  signature: defaultSignature,
  failingRecipients: referenceFailingNumbers,
  sharedSender: referenceSharedSender,
};

/** The conventions of a URL target before the user says anything: only what the spec names (the signature header). */
export const urlTargetConventions: TargetConventions = { signature: defaultSignature, failingRecipients: [] };

/** The base conventions with the user's settings over them. */
export function withConventions(base: TargetConventions, given: ConventionSettings = {}): TargetConventions {
  const scheme = given.signatureScheme ?? base.signature.scheme;
  if (given.signatureHeader !== undefined && scheme !== 'service') {
    throw new HarnessError('USAGE', `--signature-header names the header of the service scheme; the ${scheme} scheme has fixed headers: drop one of them.`);
  }
  const templates = given.templates ?? base.templates;
  const sharedSender = given.sharedSender ?? base.sharedSender;
  const inboundTrigger = given.inboundTrigger ?? base.inboundTrigger;
  const dialect = given.dialect ?? base.dialect;
  return {
    ...(templates ? { templates } : {}),
    signature: {
      scheme,
      header: given.signatureHeader ?? (scheme === base.signature.scheme ? base.signature.header : defaultSignatureHeader),
      ...(given.signatureScheme !== undefined || given.signatureHeader !== undefined || base.signature.described ? { described: true } : {}),
    },
    failingRecipients: given.failingRecipients ?? base.failingRecipients,
    ...(sharedSender ? { sharedSender } : {}),
    ...(inboundTrigger ? { inboundTrigger } : {}),
    ...(dialect ? { dialect } : {}),
  };
}

/** Why a check that needs a convention cannot run on this target, or undefined when the target has it. */
export function missingConvention(conventions: TargetConventions, name: ConventionName): string | undefined {
  switch (name) {
    case 'templates':
      return conventions.templates ? undefined : `needs a template the target knows (spec §2.5 does not show the catalogue): ${howToSet('templates')}`;
    case 'failingRecipient':
      return conventions.failingRecipients.length > 0 ? undefined : `needs a recipient the target fails on purpose: ${howToSet('failingRecipient')}`;
    case 'sharedSender':
      return conventions.sharedSender ? undefined : `needs the target's shared sender number (spec §4.1): ${howToSet('sharedSender')}`;
    case 'inboundTrigger':
      return conventions.inboundTrigger
        ? undefined
        : `needs a way to make the target receive an inbound message (spec §6: a virtual phone; no /v1 operation does it): ${howToSet('inboundTrigger')}`;
  }
}

/** The fixture template of a catalogue. */
export function fixtureTemplate(catalogue: TemplateCatalogue): TemplateConvention {
  return catalogue.templates.find((t) => t.id === catalogue.fixture) as TemplateConvention;
}
