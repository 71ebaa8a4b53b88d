import fc from 'fast-check';
import { takeCodePoints } from './code-point-length.js';
import { emojiArbitrary } from './emoji.js';
import { gsm7CharArbitrary } from './gsm7.js';
import { ArbitrariesError } from './json-schema.js';
import { segmentBoundaryLengths } from './sms-segments.js';
import { ucs2CharArbitrary } from './ucs2.js';

/** Character repertoires of message text. */
export const MESSAGE_ALPHABETS = ['gsm7', 'gsm7-extended', 'ucs2', 'emoji', 'mixed'] as const;
/** A character repertoire of message text. */
export type MessageAlphabet = (typeof MESSAGE_ALPHABETS)[number];

/** Options of {@link messageTextArbitrary}; lengths are in code points. */
export interface MessageTextOptions {
  minLength?: number;
  maxLength?: number;
  alphabet?: MessageAlphabet;
}

function checkAlphabet(alphabet: string): MessageAlphabet {
  if (!(MESSAGE_ALPHABETS as readonly string[]).includes(alphabet)) {
    throw new ArbitrariesError('UNKNOWN_OPTION', `message alphabet "${alphabet}" is unknown; use one of ${MESSAGE_ALPHABETS.join(', ')}`);
  }
  return alphabet as MessageAlphabet;
}

function chunkArbitrary(alphabet: MessageAlphabet): fc.Arbitrary<string> {
  switch (alphabet) {
    case 'gsm7':
      return gsm7CharArbitrary(false);
    case 'gsm7-extended':
      return gsm7CharArbitrary(true);
    case 'ucs2':
      return fc.oneof(ucs2CharArbitrary(), gsm7CharArbitrary(false));
    case 'emoji':
      return fc.oneof({ arbitrary: emojiArbitrary(), weight: 3 }, { arbitrary: fc.constantFrom(' ', 'a', '!'), weight: 1 });
    case 'mixed':
      return fc.oneof(gsm7CharArbitrary(true), ucs2CharArbitrary(), emojiArbitrary());
  }
}

/** Repeats the chunks cyclically until the text has exactly `length` code points (ZWJ sequences may be cut). */
function fill(chunks: string[], length: number): string {
  if (length === 0 || chunks.length === 0) return '';
  let text = '';
  let cps = 0;
  for (let i = 0; cps < length; i += 1) {
    const chunk = chunks[i % chunks.length] ?? 'a';
    text += chunk;
    cps += [...chunk].length;
  }
  return takeCodePoints(text, length);
}

/** Message text whose length in code points lies in [minLength, maxLength], biased to the bounds and segment boundaries. */
export function messageTextArbitrary(options: MessageTextOptions = {}): fc.Arbitrary<string> {
  const alphabet = checkAlphabet(options.alphabet ?? 'mixed');
  const min = options.minLength ?? 0;
  const max = options.maxLength ?? 1600;
  if (min > max) throw new ArbitrariesError('UNSATISFIABLE', `messageTextArbitrary got minLength ${min} > maxLength ${max}; swap the bounds`);
  const edges = [...new Set([min, min + 1, max - 1, max, ...segmentBoundaryLengths('gsm7', min, max), ...segmentBoundaryLengths('ucs2', min, max)])].filter(
    (n) => n >= min && n <= max,
  );
  const length = fc.oneof(
    { arbitrary: fc.constantFrom(...edges), weight: 1 },
    { arbitrary: fc.integer({ min, max: Math.min(max, min + 200) }), weight: 3 },
    { arbitrary: fc.integer({ min, max }), weight: 1 },
  );
  return fc.tuple(length, fc.array(chunkArbitrary(alphabet), { minLength: 1, maxLength: 24 })).map(([n, chunks]) => fill(chunks, n));
}

const SAMPLE_TEXT: Record<MessageAlphabet, string> = {
  gsm7: 'Your code is 4821. Reply STOP to opt out. ',
  'gsm7-extended': 'Total: 12€ [paid] {ok} ~ ',
  ucs2: 'Привет, мир! 你好 ',
  emoji: '\u{1F600}\u{1F389}\u{1F680}',
  mixed: 'Hi \u{1F600} Привет € ',
};

/** Deterministic text of exactly `length` code points in the given alphabet (for boundary and invalid cases). */
export function textOfLength(length: number, alphabet: MessageAlphabet = 'gsm7'): string {
  return fill([...SAMPLE_TEXT[checkAlphabet(alphabet)]], length);
}
