import { describe, expect, it } from 'vitest';
import { found } from '../../helpers.js';
import { fill, findingOf } from './fixtures.js';

describe('AWS_ACCESS_KEY', () => {
  it.each(['AKIAZ3MSJV4WWNKWW5FG', 'ASIAY34FZKBOKMUTVV7A', 'ABIA3QX7MZK2LPW4VNRT', 'ACCAJ5TQW2XR7KMZ4PLN', 'A3TQMZ7VJ4KX2WPL5NRB'])('finds %s', (key) => {
    expect(found(`aws_access_key_id = ${key}\n`, 'AWS_ACCESS_KEY')).toEqual([key]);
  });

  it('is surer beside a context word', () => {
    expect(findingOf('aws_access_key_id=AKIAZ3MSJV4WWNKWW5FG', 'AWS_ACCESS_KEY')?.confidence).toBe(0.95);
    expect(findingOf('deploy with AKIAZ3MSJV4WWNKWW5FG please', 'AWS_ACCESS_KEY')?.confidence).toBe(0.9);
  });

  it.each([
    ['a wrong prefix', 'AKIBIOSFODNN7EXAMPL2'],
    ['lower case', 'akiaz3msjv4wwnkww5fg'],
    ['a character outside base32', 'AKIAZ3MSJV4WWNKWW1FG'],
    ['too short', 'AKIAZ3MSJV4WWNKWW5F'],
    ['inside a longer token', 'XAKIAZ3MSJV4WWNKWW5FG AKIAZ3MSJV4WWNKWW5FGX'],
  ])('rejects %s', (_name, text) => {
    expect(found(text, 'AWS_ACCESS_KEY')).toEqual([]);
  });

  it.each(['AKIAIOSFODNN7EXAMPLE', 'AKIAXXXXXXXXXXXXXXXX'])('keeps the documented sample %s below the default minimum', (key) => {
    expect(found(`aws_access_key_id = ${key}`, 'AWS_ACCESS_KEY')).toEqual([]);
    expect(findingOf(`aws_access_key_id = ${key}`, 'AWS_ACCESS_KEY')?.confidence).toBeLessThan(0.5);
  });

  it('scans 1 MiB of repeated prefixes', { timeout: 10_000 }, () => {
    expect(found(fill('AKIA'), 'AWS_ACCESS_KEY')).toEqual([]);
    expect(found(fill('AKIA234567 '), 'AWS_ACCESS_KEY')).toEqual([]);
  });
});
