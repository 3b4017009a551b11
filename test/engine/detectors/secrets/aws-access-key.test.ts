import { describe, expect, it } from 'vitest';
import { found } from '../../helpers.js';

describe('AWS_ACCESS_KEY', () => {
  it.each(['AKIAIOSFODNN7EXAMPLE', 'ASIAY34FZKBOKMUTVV7A', 'ABIA234567ZABCDEFGHI', 'ACCAABCDEFGHIJKLMNOP'])('finds %s', (key) => {
    expect(found(`aws_access_key_id = ${key}\n`, 'AWS_ACCESS_KEY')).toEqual([key]);
  });

  it.each([
    ['a wrong prefix', 'AKIBIOSFODNN7EXAMPLE'],
    ['lower case', 'akiaiosfodnn7example'],
    ['a character outside base32', 'AKIAIOSFODNN1EXAMPLE'],
    ['too short', 'AKIAIOSFODNN7EXAMPL'],
    ['inside a longer token', 'XAKIAIOSFODNN7EXAMPLE AKIAIOSFODNN7EXAMPLEX'],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'AWS_ACCESS_KEY')).toEqual([]);
  });
});
