import fc from 'fast-check';

/**
 * Emoji sequences of several shapes, with their length in code points:
 * single astral (1), VS16 (2), skin tone (2), flag (2), keycap (3), ZWJ sequences (3..7).
 */
export const EMOJI_SAMPLES: readonly string[] = [
  '\u{1F600}',
  '\u{1F389}',
  '\u{1F680}',
  '\u{1F4F1}',
  '\u{1F44D}',
  '\u2764\uFE0F',
  '\u{1F44D}\u{1F3FD}',
  '\u{1F44B}\u{1F3FF}',
  '\u{1F1E9}\u{1F1EA}',
  '\u{1F1EF}\u{1F1F5}',
  '1\uFE0F\u20E3',
  '\u{1F469}\u200D\u{1F4BB}',
  '\u{1F3F3}\uFE0F\u200D\u{1F308}',
  '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}',
];

// Code points shown as emoji by default (Emoji_Presentation) in the main pictograph blocks.
const PRESENTATION_EMOJI: readonly string[] = [
  [0x1f300, 0x1f64f],
  [0x1f680, 0x1f6ff],
  [0x1f900, 0x1f9ff],
]
  .flatMap(([from = 0, to = 0]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)))
  .filter((ch) => /^\p{Emoji_Presentation}$/u.test(ch) && !/\p{Emoji_Modifier}/u.test(ch));

/** One emoji: a sample sequence (ZWJ, flags, modifiers, keycap) or a single emoji-presentation code point. */
export function emojiArbitrary(): fc.Arbitrary<string> {
  return fc.oneof(fc.constantFrom(...EMOJI_SAMPLES), fc.constantFrom(...PRESENTATION_EMOJI));
}
