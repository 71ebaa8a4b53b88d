// The one text helper every reporter uses for untrusted text: cutting with the size noted, controls escaped, JSON valid.
import { describe, expect, it } from 'vitest';
import { cut, idList, jsonText, markdownCell, markdownFence, visible } from '../../reports/safe-text.js';

describe('safe-text', () => {
  it('shows C0 (but newline and tab), DEL, C1, bidi and lone surrogates escaped', () => {
    expect(visible('a\u001b[2Jb\tc\nd\u007f\u0085\u009b\u202e\ud800')).toBe('a\\u001b[2Jb\tc\nd\\u007f\\u0085\\u009b\\u202e\\ud800');
    expect(visible('emoji 😀 and é stay')).toBe('emoji 😀 and é stay');
  });

  it('cuts with the size noted, never inside a surrogate pair or an escape', () => {
    expect(cut('x'.repeat(1601), 100)).toBe(`${'x'.repeat(100)}…(+1,501 chars)`);
    expect(cut('short', 100)).toBe('short');
    expect(cut(`${'x'.repeat(99)}😀tail`, 100)).toBe(`${'x'.repeat(99)}…(+6 chars)`);
    expect(cut(`${'x'.repeat(97)}\u001btail`, 100)).toBe(`${'x'.repeat(97)}…(+10 chars)`);
  });

  it('prints any value as valid JSON within its bound', () => {
    const proto = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1, big: 10n, s: 'y'.repeat(500), c1: '\u009b' });
    proto.self = proto;
    const text = jsonText(proto, 2000, 100);
    expect(JSON.parse(text)).toEqual({ a: 1, big: '10', s: `${'y'.repeat(100)}…(+400 chars)`, c1: '\u009b', self: '[repeated]' });
    expect(text).not.toMatch(/[\u0080-\u009f]/);
    // too long even with short strings: the strings shrink until it fits, still JSON
    const wide = jsonText(
      Array.from({ length: 20 }, () => 'z'.repeat(300)),
      1500,
      300,
    );
    expect(wide.length).toBeLessThanOrEqual(1500);
    expect(JSON.parse(wide)).toHaveLength(20);
    expect(
      JSON.parse(
        jsonText(
          Array.from({ length: 5000 }, (_, i) => i),
          200,
        ),
      ),
    ).toMatch(/…\(\+\d[\d,]* chars\)$/);
  });

  it('Markdown cells and fences cannot be broken out of', () => {
    expect(markdownCell('a | b\n<script>')).toBe('a \\| b &lt;script>');
    expect(markdownFence('``` x')).toBe('````\n``` x\n````');
    expect(idList(['A', 'B', 'C'], 2)).toBe('A, B and 1 more');
  });
});
