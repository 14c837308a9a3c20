import { isValidDnsLabel, isValidKubernetesName } from './validation';

describe('isValidKubernetesName', () => {
  it.each(['dev', 'eu.prod', 'a-b.c-d', 'x'.repeat(253), '0'])(
    'accepts %s',
    name => expect(isValidKubernetesName(name)).toBe(true),
  );
  it.each([
    '',
    'Dev',
    '-dev',
    'dev-',
    'a..b',
    '.a',
    'a_b',
    'a/b',
    'x'.repeat(254),
    ' dev',
    undefined,
    3,
  ])('rejects %p', name => expect(isValidKubernetesName(name)).toBe(false));
});

describe('isValidDnsLabel', () => {
  it.each(['checkout', 'a-1', 'x'.repeat(63)])('accepts %s', name =>
    expect(isValidDnsLabel(name)).toBe(true),
  );
  it.each(['a.b', 'x'.repeat(64), 'A', '', null])('rejects %p', name =>
    expect(isValidDnsLabel(name)).toBe(false),
  );
});
