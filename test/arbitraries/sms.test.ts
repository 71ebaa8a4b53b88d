import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ArbitrariesError,
  codePointLength,
  e164Arbitrary,
  emojiArbitrary,
  EMOJI_SAMPLES,
  GSM7_BASIC,
  GSM7_EXTENSION,
  gsm7TextArbitrary,
  isGsm7,
  messageTextArbitrary,
  MESSAGE_ALPHABETS,
  smsSegments,
  ucs2TextArbitrary,
} from '../../suites/arbitraries/index.js';

const SEED = 1600;
const sample = <T>(arb: fc.Arbitrary<T>, numRuns = 200) => fc.sample(arb, { seed: SEED, numRuns });
const E164 = /^\+[1-9]\d{1,14}$/;

describe('SMS-domain arbitraries', () => {
  it('codePointLength counts surrogate pairs once and ZWJ parts separately', () => {
    expect(codePointLength('a\u{1F600}')).toBe(2);
    expect(codePointLength('\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}')).toBe(7);
    expect(codePointLength('\uD83D')).toBe(1);
    expect(codePointLength('')).toBe(0);
  });

  it('has the full GSM 03.38 tables (127 basic characters without escape, 10 extension characters)', () => {
    expect(new Set(GSM7_BASIC).size).toBe(127);
    expect([...GSM7_BASIC]).toHaveLength(127);
    expect([...GSM7_EXTENSION].sort()).toEqual(['\f', '[', '\\', ']', '^', '{', '|', '}', '~', '€'].sort());
  });

  it('GSM-7 text uses only the GSM-7 charset', () => {
    const allowed = new Set([...GSM7_BASIC, ...GSM7_EXTENSION]);
    const texts = sample(gsm7TextArbitrary({ minLength: 1, maxLength: 200, extended: true }));
    for (const t of texts) for (const ch of t) expect(allowed.has(ch), JSON.stringify(ch)).toBe(true);
    expect(texts.some((t) => [...t].some((ch) => GSM7_EXTENSION.includes(ch)))).toBe(true);
    expect(isGsm7('Привет')).toBe(false);
  });

  it('UCS-2 text is BMP-only, needs UCS-2 and covers non-Latin scripts', () => {
    const texts = sample(ucs2TextArbitrary({ minLength: 1, maxLength: 80 }));
    for (const t of texts) {
      expect(isGsm7(t)).toBe(false);
      expect(codePointLength(t)).toBe(t.length);
      expect(t.length).toBeGreaterThanOrEqual(1);
      expect(t.length).toBeLessThanOrEqual(80);
    }
    const all = texts.join('');
    for (const script of [/\p{Script=Cyrillic}/u, /\p{Script=Han}/u, /\p{Script=Arabic}/u]) expect(all).toMatch(script);
  });

  it('emoji include astral code points and ZWJ sequences', () => {
    const emoji = sample(emojiArbitrary());
    expect(emoji.every((e) => /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u.test(e))).toBe(true);
    expect(emoji.some((e) => e.includes('\u200D'))).toBe(true);
    expect(emoji.some((e) => e.length > codePointLength(e))).toBe(true);
    expect(EMOJI_SAMPLES.map(codePointLength)).toContain(7);
  });

  it.each(MESSAGE_ALPHABETS)('message text (%s) has a length in code points within the bounds', (alphabet) => {
    const texts = sample(messageTextArbitrary({ minLength: 150, maxLength: 170, alphabet }), 100);
    for (const t of texts) {
      expect(codePointLength(t)).toBeGreaterThanOrEqual(150);
      expect(codePointLength(t)).toBeLessThanOrEqual(170);
    }
    expect(new Set(texts.map(codePointLength)).size).toBeGreaterThan(3);
  });

  it('emoji message text of exactly 70 code points is longer in UTF-16', () => {
    const texts = sample(messageTextArbitrary({ minLength: 70, maxLength: 70, alphabet: 'emoji' }), 50);
    expect(texts.every((t) => codePointLength(t) === 70)).toBe(true);
    expect(texts.some((t) => t.length > 70)).toBe(true);
  });

  it('message text hits segment boundaries', () => {
    const lengths = new Set(sample(messageTextArbitrary({ minLength: 1, maxLength: 1600, alphabet: 'gsm7' }), 400).map(codePointLength));
    for (const n of [1, 1600, 160, 161]) expect(lengths.has(n), String(n)).toBe(true);
  });

  it('counts segments at the 160/153 and 70/67 boundaries', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'gsm7', units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161)).segments).toBe(2);
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
    expect(smsSegments('€'.repeat(80))).toEqual({ encoding: 'gsm7', units: 160, segments: 1 });
    expect(smsSegments('€'.repeat(81)).segments).toBe(2);
    expect(smsSegments('я'.repeat(70))).toEqual({ encoding: 'ucs2', units: 70, segments: 1 });
    expect(smsSegments('я'.repeat(71)).segments).toBe(2);
    expect(smsSegments('я'.repeat(134)).segments).toBe(2);
    expect(smsSegments('я'.repeat(135)).segments).toBe(3);
  });

  it('E.164 numbers match the format and have 2..15 digits', () => {
    const numbers = sample(e164Arbitrary(), 500);
    for (const n of numbers) expect(n).toMatch(E164);
    const digits = new Set(numbers.map((n) => n.length - 1));
    expect(Math.min(...digits)).toBeLessThanOrEqual(3);
    expect(Math.max(...digits)).toBe(15);
    expect(numbers.some((n) => n.startsWith('+44'))).toBe(true);
  });

  it('E.164 numbers can be restricted to an allow-list', () => {
    const allowList = ['+14155550100', '+4915112345678'];
    expect(new Set(sample(e164Arbitrary({ allowList }), 50))).toEqual(new Set(allowList));
    expect(() => e164Arbitrary({ allowList: ['4155550100'] })).toThrow(ArbitrariesError);
    expect(() => e164Arbitrary({ allowList: [] })).toThrow(/allow-list is empty/);
  });

  it('refuses an unknown alphabet', () => {
    expect(() => messageTextArbitrary({ alphabet: 'latin1' as never })).toThrow(/alphabet "latin1" is unknown/);
  });
});
