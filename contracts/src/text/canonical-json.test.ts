import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
  });

  it('gives the same text for the same content written in another key order', () => {
    expect(canonicalJson({ x: 1, y: { p: 'a', q: 'b' } })).toBe(canonicalJson({ y: { q: 'b', p: 'a' }, x: 1 }));
  });

  it('serializes scalars like JSON.stringify', () => {
    expect(canonicalJson('a"b')).toBe('"a\\"b"');
    expect(canonicalJson(3)).toBe('3');
  });
});
