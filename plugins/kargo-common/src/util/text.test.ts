import fc from 'fast-check';
import { flatText } from './text';

describe('flatText', () => {
  it('gives back the very same text, whatever it holds', () => {
    const texts = [
      '',
      'short',
      `Freight "${'alias-1'}" must be verified in all upstream Stages (${[
        'dev',
        'uat',
      ].join(', ')}) to be available to Stage "${'prod'}"`,
      'quotes " and \\ backslashes, tabs\t and new\nlines',
      'unicode: Ünïcødé 雪 😀 and a lone surrogate \ud800 at the end',
      'x'.repeat(10_000),
    ];
    for (const text of texts) expect(flatText(text)).toBe(text);
  });

  it('copies any sequence of UTF-16 code units exactly, lone surrogates included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 }),
        units => {
          const text = String.fromCharCode(...units);
          expect(flatText(text)).toBe(text);
        },
      ),
    );
  });
});
