import { describe, expect, it } from 'vitest';
import { Redactor, redactedMarker } from '../../targets/index.js';

describe('Redactor.scrub', () => {
  it('removes secrets holding regular-expression characters, and a secret containing another whole', () => {
    const redactor = new Redactor(['key+with.(regex)*chars$', 'abcdef']);
    redactor.addSecret('abcdefghij'); // contains the shorter secret: removed whole, no "ghij" left behind
    const text = 'a key+with.(regex)*chars$ b abcdefghij c abcdef d keyXwith';
    expect(redactor.scrub(text)).toBe(`a ${redactedMarker} b ${redactedMarker} c ${redactedMarker} d keyXwith`);
  });

  it('learns secrets after earlier scrubs, and scrubs whsec_ values it never saw', () => {
    const redactor = new Redactor();
    expect(redactor.scrub('plain text')).toBe('plain text');
    redactor.learnFrom({ signing_secret: 'learned-secret-1' });
    expect(redactor.scrub('x learned-secret-1 y whsec_0123456789abcdef')).toBe(`x ${redactedMarker} y ${redactedMarker}`);
  });
});
