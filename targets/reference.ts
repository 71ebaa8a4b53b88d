import { URL } from 'node:url';
import type { ReferenceOptions } from '../simulator/index.js';
import { simulatorWebhookPath, virtualPhoneTrigger } from '../spec/simulator-defaults.js';
import { HarnessError } from './harness-error.js';
import { parseInboundTrigger } from './inbound-trigger.js';
import { joinUrl, randomKey, receiverPublicAddress, receiverPublicOrigin } from './keys.js';
import { profileFor } from './profile.js';
import { startReferenceThread, warmReferenceThread } from './reference-thread.js';
import type { Target, TargetKeys, TargetStartContext } from './target.js';
import { referenceConventions, withConventions } from './target-conventions.js';
import type { ConventionSettings, SignatureConvention, TargetConventions } from './target-conventions.js';

/** Options of the embedded reference target. */
export interface ReferenceTargetOptions {
  /** Named faults of the reference's catalogue to switch on (self-test, --fault). */
  faults?: readonly string[];
  /** Lifecycle step between statuses, ms (default 5: fast for tests). */
  stepMs?: number;
  /** Recipients whose messages end in `failed` (default the reference's list). */
  failingNumbers?: readonly string[];
  /** Conventions over the reference's own (--signature-*, --templates with texts): the reference plays them. */
  conventions?: ConventionSettings;
  /** Anything else passed through to startReference (overrides the defaults above). */
  extra?: Partial<ReferenceOptions>;
  /** production (default; profile reference) or simulator (profile simulator: any key, no rate limit, events also to one URL). */
  mode?: 'production' | 'simulator';
  /** The target's name (default reference, or reference:simulator in simulator mode). */
  name?: string;
  /**
   * Where the reference runs: `worker` (default), a worker thread with its own event loop, so the checks and the
   * reference do not share one thread; `main`, the harness's thread (needed only for `extra` options holding
   * functions, such as a clock, which cannot cross to a thread).
   */
  thread?: 'worker' | 'main';
  /** Boot the worker thread now, while the harness loads its suites (default true); false for a target only planned (--list, --plan). */
  warm?: boolean;
}

/** Receiver path the reference in simulator mode sends every event to (its one configured webhook URL, spec §8). */
export { simulatorWebhookPath };

const rateLimitedPerMinute = 100; // spec §8: production rate

/** The reference implementation started on 127.0.0.1, port 0, production mode, with random keys, in a worker thread (`thread`). */
export function referenceTarget(options: ReferenceTargetOptions = {}): Target {
  const mode = options.mode ?? 'production';
  if (mode !== 'production' && mode !== 'simulator') {
    throw new HarnessError('USAGE', `Unknown reference mode "${String(mode)}": use production or simulator.`);
  }
  const profile = profileFor(mode === 'simulator' ? 'simulator' : 'reference');
  const name = options.name ?? (mode === 'simulator' ? 'reference:simulator' : 'reference');
  const keys: TargetKeys = {
    growth: randomKey('ref_growth'),
    starter: randomKey('ref_starter'),
    rateLimit: randomKey('ref_ratelimit'),
    secondGrowth: randomKey('ref_growth2'),
    unknown: randomKey('conform_unknown'),
  };
  const stepMs = options.extra?.lifecycle?.stepMs ?? options.stepMs ?? 5;
  const thread = options.thread ?? 'worker';
  if (thread !== 'worker' && thread !== 'main') {
    throw new HarnessError('USAGE', `Unknown reference thread "${String(thread)}": use worker or main.`);
  }
  // the thread boots (~0.1 s) while the harness loads its suites; start() then only starts a reference on it
  if (thread === 'worker' && options.warm !== false) warmReferenceThread();
  let server: { url: string; uiUrl?: string; stop(): Promise<void> } | undefined;

  const baseUrl = (): string => {
    if (!server) throw new HarnessError('NOT_STARTED', 'The reference target is not started: call start() first.');
    return server.url.replace(/\/+$/, '');
  };

  const conventions = withConventions(referenceConventions, {
    ...(options.failingNumbers ? { failingRecipients: options.failingNumbers } : {}),
    ...options.conventions,
  });
  const played = playedConventions(conventions, options.conventions);
  // simulator mode: its virtual phones (spec §1, §6) are the inbound trigger, on the UI's free port, known once started
  // (the plan, before the start, needs only to know there is one)
  const withTrigger = (): TargetConventions =>
    mode !== 'simulator' || conventions.inboundTrigger !== undefined
      ? conventions
      : { ...conventions, inboundTrigger: parseInboundTrigger(virtualPhoneTrigger(server?.uiUrl ?? 'http://127.0.0.1:0')) };
  return {
    name,
    profile,
    get conventions() {
      return withTrigger();
    },
    ...(mode === 'simulator' ? { oneWebhookPath: simulatorWebhookPath } : {}),
    lifecycleStepMs: stepMs,
    get baseUrl() {
      return baseUrl();
    },
    keys,
    receiverUrl: (path) => joinUrl(receiverPublicOrigin, path),
    describe: () => ({ name, profile: profile.name, baseUrl: server ? baseUrl() : '(embedded, not started)' }),
    async start(context: TargetStartContext = {}) {
      if (server) return;
      const receiver = context.receiver;
      const routing: Partial<ReferenceOptions> = receiver
        ? {
            hosts: { [new URL(receiverPublicOrigin).hostname]: [receiverPublicAddress] },
            egress: { [receiverPublicOrigin]: new URL(receiver.httpsUrl).origin },
            trustedCa: receiver.caPem,
            ...(mode === 'simulator' ? { webhookUrl: joinUrl(receiver.httpUrl, simulatorWebhookPath) } : {}),
          }
        : {};
      const reference: ReferenceOptions = {
        mode,
        host: '127.0.0.1',
        port: 0,
        keys: {
          // unlimited, so thousands of generated cases are not throttled (DESIGN.md §4 rate limit)
          [keys.growth as string]: { tier: 'growth', ratePerMinute: null },
          [keys.starter as string]: { tier: 'starter', ratePerMinute: null },
          [keys.rateLimit as string]: { tier: 'growth', ratePerMinute: rateLimitedPerMinute },
          [keys.secondGrowth as string]: { tier: 'growth', ratePerMinute: null },
        },
        faults: [...(options.faults ?? [])],
        lifecycle: { stepMs },
        ...played,
        retry: { maxAttempts: 3, baseDelayMs: 10 },
        ui: mode === 'simulator' ? { port: 0, host: '127.0.0.1' } : false,
        ...routing,
        ...options.extra,
      };
      try {
        server = thread === 'worker' ? await startReferenceThread(reference) : await startInThisThread(reference);
      } catch (error) {
        throw new HarnessError('TARGET_START', `The reference target did not start: ${(error as Error).message}. Check the --fault ids (see --help).`);
      }
    },
    async stop() {
      const running = server;
      server = undefined;
      await running?.stop();
    },
  };
}

/** The reference on the harness's own thread (thread: 'main'). */
async function startInThisThread(reference: ReferenceOptions): Promise<{ url: string; uiUrl?: string; stop(): Promise<void> }> {
  // the harness's imports of simulator/ live here and in reference-worker.ts (ARCHITECTURE.md); loaded lazily so url
  // targets never load it
  const { startReference } = await import('../simulator/index.js');
  return startReference(reference);
}

/** The reference options that make it play the conventions (its defaults stay unless the user gave others). */
function playedConventions(conventions: TargetConventions, given: ConventionSettings = {}): Partial<ReferenceOptions> {
  const templates = given.templates?.templates;
  if (templates && templates.some((t) => t.texts === undefined)) {
    throw new HarnessError(
      'USAGE',
      'The embedded reference can play a template catalogue only when every template gives its variant texts ({"variants": {"en": "text with {variable}"}}).',
    );
  }
  return {
    failingNumbers: [...conventions.failingRecipients],
    ...((given.signatureScheme ?? given.signatureHeader) ? { signature: signatureOption(conventions.signature) } : {}),
    ...(templates ? { templates: templates.map((t) => ({ id: t.id, variables: Object.keys(t.variables), variants: { ...t.texts } })) } : {}),
  };
}

/** The reference's signature option of a convention (only the service scheme takes a header name). */
function signatureOption(signature: SignatureConvention): NonNullable<ReferenceOptions['signature']> {
  return signature.scheme === 'service' ? { scheme: 'service', header: signature.header } : { scheme: signature.scheme };
}

/** One named fault of the reference's catalogue (what the self-test switches on). */
export interface ReferenceFault {
  readonly id: string;
  readonly requirement: string;
  readonly area: string;
  readonly description: string;
}

/** The reference's fault catalogue, loaded lazily through this file (the harness's only door into simulator/). */
export async function referenceFaults(): Promise<readonly ReferenceFault[]> {
  const { faultCatalogue } = await import('../simulator/index.js');
  return faultCatalogue;
}
