import type { ReferenceMode, Tier } from './types.js';
import type { UiHandlerFactory } from './simulator-api.js';
import { ReferenceConfigError } from './errors.js';
import { isLoopbackHost } from './validation/address-policy.js';
import { templateCatalogue } from './messages/templates.js';
import type { Template } from './messages/templates.js';
import { resolveVariations } from './variations.js';
import type { VariationId } from './variations.js';
import { resolveSignature } from './webhooks/signature-options.js';
import type { SignatureOptions } from './webhooks/signature-options.js';

/** One API key's account settings; `ratePerMinute: null` means unlimited. */
export interface KeyConfig {
  tier: Tier;
  ratePerMinute: number | null;
}

/** Options of {@link startReference}; everything is optional. */
export interface ReferenceOptions {
  mode?: ReferenceMode;
  host?: string;
  port?: number;
  keys?: Record<string, KeyConfig>;
  faults?: string[];
  /** Conforming variations to switch on (simulator/variations.ts): other readings of the spec the harness must accept. */
  variations?: string[];
  lifecycle?: { stepMs: number };
  failingNumbers?: string[];
  retry?: { maxAttempts: number; baseDelayMs: number };
  /** Static resolver: host name → IP addresses. `localhost` always resolves to 127.0.0.1 and ::1. */
  hosts?: Record<string, string[]>;
  /** Egress router: origin → loopback origin, or a list of loopback origins allowed as they are. */
  egress?: Record<string, string> | string[];
  trustedCa?: string | string[];
  /** Simulator mode: every event is also sent here. A loopback origin here is allowed by the egress guard. */
  webhookUrl?: string;
  /** Secret that signs deliveries to `webhookUrl` (generated when omitted; see `ReferenceServer.webhookSecret`). */
  webhookSecret?: string;
  ui?: false | { port?: number; host?: string; handler?: UiHandlerFactory };
  /** Per-attempt delivery timeout (default 5000 ms). */
  deliveryTimeoutMs?: number;
  /** Time a send stays "in flight" before it is stored (default 0); makes the 409 of IDEM-IN-FLIGHT-409 observable. */
  sendDelayMs?: number;
  /** How long idempotency keys are kept (default 24 h). */
  idempotencyTtlMs?: number;
  /** Clock in epoch ms (default Date.now); lets tests move time. */
  clock?: () => number;
  /** The template catalogue (default: DESIGN.md §4's; spec §2.5 does not show one), so the reference can play another target's. */
  templates?: Template[];
  /** How deliveries are signed (default DESIGN.md §4: Service-Signature, t=…,v1=<hex>); spec §5.3 names the header only "here". */
  signature?: SignatureOptions;
}

/** Options after defaults and checks. */
export interface ResolvedOptions {
  mode: ReferenceMode;
  host: string;
  port: number;
  keys: Map<string, KeyConfig>;
  faults: string[];
  variations: ReadonlySet<VariationId>;
  stepMs: number;
  failingNumbers: Set<string>;
  retry: { maxAttempts: number; baseDelayMs: number };
  hosts: Map<string, string[]>;
  egress: Map<string, string>;
  trustedCa: string[];
  webhookUrl: string | null;
  webhookSecret: string | null;
  ui: false | { port: number; host: string; handler: UiHandlerFactory | null };
  deliveryTimeoutMs: number;
  sendDelayMs: number;
  idempotencyTtlMs: number;
  clock: () => number;
  templates: Template[];
  signature: Required<SignatureOptions>;
}

const MODES: readonly ReferenceMode[] = ['production', 'simulator'];
const TIERS: readonly Tier[] = ['growth', 'starter'];

function fail(code: string, message: string): never {
  throw new ReferenceConfigError(code, message);
}

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) fail('bad_option', `option ${name} is ${value}: give a finite number >= 0`);
  return value;
}

/** Returns the origin of a URL, failing with a message that names the option. */
function originOf(name: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail('bad_option', `option ${name} has "${value}", which is not an absolute URL: give e.g. https://127.0.0.1:8443`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail('bad_option', `option ${name}: "${value}" must be http(s)`);
  return url;
}

function loopbackOrigin(name: string, value: string): string {
  const url = originOf(name, value);
  // DESIGN §5: deliveries may only ever reach loopback.
  if (!isLoopbackHost(url.hostname))
    fail('egress_not_loopback', `option ${name}: "${url.origin}" is not a loopback origin; egress may only lead to 127.0.0.0/8 or ::1`);
  return url.origin;
}

function resolveEgress(egress: ReferenceOptions['egress'], webhookUrl: string | null): Map<string, string> {
  const map = new Map<string, string>();
  if (Array.isArray(egress)) for (const o of egress) map.set(loopbackOrigin('egress', o), loopbackOrigin('egress', o));
  else for (const [from, to] of Object.entries(egress ?? {})) map.set(originOf('egress', from).origin, loopbackOrigin('egress', to));
  if (webhookUrl) {
    const url = originOf('webhookUrl', webhookUrl);
    if (isLoopbackHost(url.hostname) && !map.has(url.origin)) map.set(url.origin, url.origin);
  }
  return map;
}

/** Applies defaults and rejects unknown literal values. */
export function resolveOptions(o: ReferenceOptions): ResolvedOptions {
  const mode = o.mode ?? 'production';
  if (!MODES.includes(mode)) fail('bad_mode', `option mode is "${String(mode)}": use one of ${MODES.join(', ')}`);
  const keys = new Map<string, KeyConfig>();
  for (const [key, cfg] of Object.entries(o.keys ?? {})) {
    if (!TIERS.includes(cfg.tier)) fail('bad_tier', `a key has tier "${String(cfg.tier)}": use one of ${TIERS.join(', ')}`);
    const rate = cfg.ratePerMinute;
    if (rate !== null && (!Number.isInteger(rate) || rate < 1)) fail('bad_rate', `a key has ratePerMinute ${String(rate)}: use a positive integer or null`);
    keys.set(key, { tier: cfg.tier, ratePerMinute: rate });
  }
  const retry = o.retry ?? { maxAttempts: 3, baseDelayMs: 1000 };
  if (!Number.isInteger(retry.maxAttempts) || retry.maxAttempts < 1)
    fail('bad_option', `option retry.maxAttempts is ${retry.maxAttempts}: use an integer >= 1`);
  const hosts = new Map<string, string[]>();
  for (const [name, ips] of Object.entries(o.hosts ?? {})) hosts.set(name.toLowerCase().replace(/\.$/, ''), [...ips]);
  const webhookUrl = o.webhookUrl ?? null;
  const host = o.host ?? '127.0.0.1';
  const ui = o.ui ? { port: o.ui.port ?? 0, host: o.ui.host ?? host, handler: o.ui.handler ?? null } : false;
  return {
    mode,
    host,
    port: o.port ?? 0,
    keys,
    faults: [...(o.faults ?? [])],
    variations: resolveVariations(o.variations),
    stepMs: nonNegative('lifecycle.stepMs', o.lifecycle?.stepMs, 1000),
    failingNumbers: new Set(o.failingNumbers ?? []),
    retry: { maxAttempts: retry.maxAttempts, baseDelayMs: nonNegative('retry.baseDelayMs', retry.baseDelayMs, 1000) },
    hosts,
    egress: resolveEgress(o.egress, webhookUrl),
    trustedCa: o.trustedCa === undefined ? [] : [o.trustedCa].flat(),
    webhookUrl,
    webhookSecret: o.webhookSecret ?? null,
    ui,
    deliveryTimeoutMs: nonNegative('deliveryTimeoutMs', o.deliveryTimeoutMs, 5000),
    sendDelayMs: nonNegative('sendDelayMs', o.sendDelayMs, 0),
    idempotencyTtlMs: nonNegative('idempotencyTtlMs', o.idempotencyTtlMs, 24 * 60 * 60 * 1000),
    clock: o.clock ?? Date.now,
    templates: o.templates === undefined ? templateCatalogue : resolveTemplates(o.templates),
    signature: resolveSignature(o.signature, fail),
  };
}

/** Checks a catalogue given in the options: unique ids, variable names, at least one variant text each. */
function resolveTemplates(templates: Template[]): Template[] {
  if (!Array.isArray(templates) || templates.length === 0) fail('bad_option', 'option templates is empty: give at least one template');
  const ids = new Set<string>();
  for (const t of templates) {
    const where = `option templates: template ${JSON.stringify(t?.id)}`;
    if (typeof t?.id !== 'string' || t.id === '' || ids.has(t.id)) fail('bad_option', `${where} needs a unique non-empty string id`);
    ids.add(t.id);
    if (!Array.isArray(t.variables) || !t.variables.every((v) => typeof v === 'string')) fail('bad_option', `${where}: variables must be a list of names`);
    const texts = Object.values(t.variants ?? {});
    if (texts.length === 0 || !texts.every((v) => typeof v === 'string')) fail('bad_option', `${where}: variants must map at least one variant to its text`);
  }
  return templates.map((t) => ({ id: t.id, variables: [...t.variables], variants: { ...t.variants } }));
}
