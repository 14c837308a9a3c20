import { stageLabelValue } from './labels';

describe('stageLabelValue', () => {
  it.each([
    ['dev', 'dev'],
    ['a'.repeat(63), 'a'.repeat(63)],
    // Vectors computed with Python's hashlib, as Kargo's HashShorten does it.
    [
      'checkout-very-long-stage-name-for-the-eu-west-1-production-canary-cluster',
      'checkout-very-long-stage-name-for-the-eu-west-1-produc-4dffc70d',
    ],
    // The 54th character is a dash: trimmed so there is no double dash.
    [`${'a'.repeat(53)}-${'b'.repeat(20)}`, `${'a'.repeat(53)}-af3ec493`],
  ])('shortens %s as Kargo does', (name, expected) => {
    expect(stageLabelValue(name)).toBe(expected);
  });

  it('always yields a valid label value for long names', () => {
    const value = stageLabelValue('x'.repeat(200));
    expect(value).toHaveLength(63);
    expect(value).toMatch(/^x{54}-[0-9a-f]{8}$/);
  });
});
