import { describe, expect, it } from 'vitest';

import { formatBytes, formatCount } from './format';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1.023 B'],
    [1024, '1 KB'],
    [1536, '1,5 KB'],
    [12_345_678, '11,8 MB'],
    [5 * 1024 ** 3, '5 GB'],
  ])('%d bytes -> %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('formatCount', () => {
  it('groups thousands with dots', () => {
    expect(formatCount(1_234_567)).toBe('1.234.567');
  });
});
