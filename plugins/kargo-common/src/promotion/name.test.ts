import { generatePromotionName } from './name';

const ULID = '01J02DZ4TBP75SF7ZMVGKW3D3J';

describe('generatePromotionName', () => {
  it('joins stage, ulid and the first 7 characters of the freight, lower-cased', () => {
    expect(
      generatePromotionName(
        'Staging',
        '9E5F6AB1234567890abcdef1234567890abcdef0',
        ULID,
      ),
    ).toBe('staging.01j02dz4tbp75sf7zmvgkw3d3j.9e5f6ab');
  });

  it('keeps a freight name shorter than 7 characters whole', () => {
    expect(generatePromotionName('dev', 'abc', ULID)).toBe(
      'dev.01j02dz4tbp75sf7zmvgkw3d3j.abc',
    );
  });

  it('cuts a long stage name so the whole name fits in 253 characters', () => {
    const name = generatePromotionName('s'.repeat(300), 'f'.repeat(40), ULID);
    expect(name).toHaveLength(253);
    expect(name.startsWith(`${'s'.repeat(218)}.`)).toBe(true);
    expect(name.endsWith('.01j02dz4tbp75sf7zmvgkw3d3j.fffffff')).toBe(true);
  });

  it('drops dashes and dots left at the cut so the name stays valid', () => {
    const stage = `${'a'.repeat(216)}--${'b'.repeat(20)}`;
    const name = generatePromotionName(stage, 'f'.repeat(40), ULID);
    expect(name.split('.')[0]).toBe('a'.repeat(216));
    expect(name).toMatch(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/);
    expect(name).not.toMatch(/-\./);
  });

  it('rejects missing parts instead of producing a malformed name', () => {
    expect(() => generatePromotionName('', 'abc', ULID)).toThrow(
      /needs a stage/,
    );
    expect(() => generatePromotionName('dev', '', ULID)).toThrow();
  });
});
