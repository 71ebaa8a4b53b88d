import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Delivery } from '../../receiver/index.js';
import { attribute, CheckRegistry, defineCheck } from '../../suites/checks/index.js';
import { loadRegistry, runConformance } from '../../suites/index.js';
import type { RunResult } from '../../suites/engine/index.js';
import { codePointLength } from '../../suites/arbitraries/index.js';
import { anyConstruction } from '../../rules/index.js';
import { roundTripCases } from '../../suites/scenarios/round-trip-values.js';
import { referenceTarget } from '../../targets/index.js';

const secret = `whsec_${'ab12'.repeat(16)}`;
const body = Buffer.from('{"event":"message.delivered","data":{"id":"m1"}}');

/** A captured delivery with these headers and the body above (only what the analysis reads). */
function delivery(headers: Record<string, string>): Delivery {
  const pairs = Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value] as [string, string]);
  return { raw: body, headerPairs: pairs, headers: Object.fromEntries(pairs) } as unknown as Delivery;
}

const mac = (key: string | Buffer, content: string | Buffer, algorithm = 'sha256') => createHmac(algorithm, key).update(content);

describe('attribution (issue 16: every failure names its requirement)', () => {
  const wide = { id: 'WIDE', level: 'must' as const, requirements: ['MSG-SEND-ECHO', 'MSG-GET-RESPONSE'] };

  it('names the one requirement of a single-requirement check and the given one of a wide check', () => {
    expect(attribute({ ...wide, requirements: ['MSG-SEND-ECHO'] }, 'x', undefined).requirements).toEqual(['MSG-SEND-ECHO']);
    expect(attribute(wide, 'x', 'MSG-GET-RESPONSE').requirements).toEqual(['MSG-GET-RESPONSE']);
    // an uncited requirement at least as strict is fine (a fixture set-up shows ERR-SUCCESS-2XX broken)
    expect(attribute(wide, 'x', 'ERR-SUCCESS-2XX').requirements).toEqual(['ERR-SUCCESS-2XX']);
  });

  it('refuses, on every call, an unattributed expectation of a wide check, an id in the text, and a looser uncited requirement', () => {
    expect(() => attribute(wide, 'x', undefined)).toThrow(/say which one/);
    expect(() => attribute(wide, 'two webhooks share a secret (WH-SECRET-UNIQUE)', 'MSG-SEND-ECHO')).toThrow(/names WH-SECRET-UNIQUE/);
    expect(() => attribute(wide, 'x', 'MSG-NEW-QUEUED')).toThrow(/looser than the check/);
  });

  it('the registry refuses a check stricter than a requirement it cites', () => {
    const check = defineCheck({ id: 'TOO-STRICT', title: 't', suite: 'x', requirements: ['MSG-SEND-STATUS-201'], level: 'must', run: async () => {} });
    expect(() => new CheckRegistry().register(check)).toThrow(/is must but cites looser requirements \(MSG-SEND-STATUS-201 is should\)/);
  });

  it('every registered check is at most as strict as each requirement it cites', async () => {
    await expect(loadRegistry()).resolves.toBeInstanceOf(CheckRegistry);
  });
});

describe('any common HMAC-SHA256 construction passes at must (spec §5.3: not shown)', () => {
  const t = '1760000000';
  const ms = '1760000000123';
  it('accepts the service scheme in seconds or milliseconds, hex or base64, Standard Webhooks and GitHub style', () => {
    const accepted: Record<string, string>[] = [
      { 'Service-Signature': `t=${t},v1=${mac(secret, `${t}.${body}`).digest('hex')}` },
      { 'Service-Signature': `t=${ms},v1=${mac(secret, `${ms}.${body}`).digest('hex')}` },
      { 'Service-Signature': `t=${t},v1=${mac(secret, `${t}.${body}`).digest('base64')}` },
      { 'X-Other-Signature': `v1=${mac(secret, body).digest('hex').toUpperCase()}` },
      {
        'webhook-id': 'msg_1',
        'webhook-timestamp': t,
        'webhook-signature': `v1,${mac(Buffer.from(secret.slice(6), 'base64'), `msg_1.${t}.${body}`).digest('base64')}`,
      },
      { 'X-Hub-Signature-256': `sha256=${mac(secret, body).digest('hex')}` },
    ];
    for (const headers of accepted) expect(anyConstruction(delivery(headers), secret), JSON.stringify(headers)).toBeDefined();
  });

  it('refuses an HMAC-SHA1, another secret, and no signature at all', () => {
    expect(anyConstruction(delivery({ 'Service-Signature': `t=${t},v1=${mac(secret, `${t}.${body}`, 'sha1').digest('hex')}` }), secret)).toBeUndefined();
    expect(anyConstruction(delivery({ 'Service-Signature': `t=${t},v1=${mac('whsec_other', `${t}.${body}`).digest('hex')}` }), secret)).toBeUndefined();
    expect(anyConstruction(delivery({ 'content-type': 'application/json' }), secret)).toBeUndefined();
  });
});

describe('round-trip values', () => {
  it('hold exactly 1600 characters (code points), once as 3200 UTF-16 units', () => {
    const cases = roundTripCases({ recipient: () => '+12025550143' });
    const long = cases.filter((c) => codePointLength(c.message) === 1600);
    expect(long.map((c) => c.message.length).sort()).toEqual([1600, 3200]);
    expect(cases.some((c) => c.message.normalize('NFC') !== c.message)).toBe(true);
    expect(cases.some((c) => c.message.includes('\r\n'))).toBe(true);
  });

  it("on a guarded target go only to the user's own number (DESIGN.md §5), the exposing digits then in from", () => {
    const own = roundTripCases({ recipient: () => '+14155550123', ownNumbersOnly: true });
    expect(new Set(own.map((c) => c.to))).toEqual(new Set(['+14155550123']));
    expect(roundTripCases({ recipient: () => '+14155550123' }).map((c) => c.to)).toContain('+447700900123');
  });
});

/** The reference with a fault, only the checks given (their baselines come along). */
async function run(faults: string[], ids: string[]): Promise<RunResult> {
  return runConformance({ target: referenceTarget({ faults }), selection: { ids }, seed: 11 });
}

const statusOf = (result: RunResult, id: string) => result.checks.find((c) => c.id === id)?.status;

describe('new faults are caught on their own requirement; another valid signature passes must and fails should', () => {
  it('a millisecond timestamp and a base64 HMAC pass the must signature checks and fail the should ones', async () => {
    for (const [fault, should] of [
      ['signature-timestamp-ms', 'SIGNATURE-TIMESTAMP'],
      ['signature-base64', 'SIGNATURE-SERVICE-SCHEME'],
    ] as const) {
      const result = await run([fault], ['SIGNATURE-HMAC-VERIFIES', 'SIGNATURE-PER-WEBHOOK', 'HISTORY-DELIVERY-SECRET-ROTATION', should]);
      expect(
        [statusOf(result, 'SIGNATURE-HMAC-VERIFIES'), statusOf(result, 'SIGNATURE-PER-WEBHOOK'), statusOf(result, 'HISTORY-DELIVERY-SECRET-ROTATION')],
        fault,
      ).toEqual(['passed', 'passed', 'passed']);
      expect(statusOf(result, should), fault).toBe('failed');
    }
  }, 60_000);

  it('values normalised where they come back fail the round trip naming that place', async () => {
    const cases = [
      ['send-answer-trimmed', 'MSG-SEND-ECHO'],
      ['get-message-nfc', 'MSG-GET-RESPONSE'],
      ['list-whitespace-collapsed', 'MSG-LIST-ECHO'],
    ] as const;
    for (const [fault, requirement] of cases) {
      const result = await run([fault], ['ROUND-TRIP-VALUES']);
      const check = result.checks.find((c) => c.id === 'ROUND-TRIP-VALUES');
      expect(check?.status, fault).toBe('failed');
      expect(check?.violated, fault).toEqual([requirement]);
    }
  }, 60_000);

  it('a payload naming another message fails EVT-DATA-ID-MATCHES; text/plain deliveries fail EVT-JSON-CONTENT-TYPE', async () => {
    const ids = await run(['payload-id-of-previous-message'], ['EVENT-DELIVERIES-MATCH']);
    expect(ids.checks.find((c) => c.id === 'EVENT-DELIVERIES-MATCH')?.violated).toEqual(['EVT-DATA-ID-MATCHES']);
    const plain = await run(['deliveries-text-plain'], ['EVENT-DELIVERIES-DECIDED']);
    expect(plain.checks.find((c) => c.id === 'EVENT-DELIVERIES-DECIDED')?.violated).toEqual(['EVT-JSON-CONTENT-TYPE']);
  }, 60_000);
});
