import { isLiteral, layerVars, resolveExpression } from './expressions';

const scope = {
  vars: layerVars(
    [
      { name: 'org', value: 'acme' },
      { name: 'repo', value: 'stage-level' },
    ],
    [
      { name: 'repo', value: 'https://github.com/${{ vars.org }}/app' },
      { name: 'loop', value: '${{ vars.loop }}' },
    ],
  ),
  ctx: { project: 'checkout', stage: 'prod' },
};

describe('resolveExpression', () => {
  it.each([
    ['https://github.com/acme/app', 'https://github.com/acme/app'],
    ['${{ vars.repo }}', 'https://github.com/acme/app'],
    ["${{ vars['repo'] }}", 'https://github.com/acme/app'],
    ['${{vars["org"]}}/x', 'acme/x'],
    [
      'https://github.com/acme/${{ ctx.project }}-${{ ctx.stage }}',
      'https://github.com/acme/checkout-prod',
    ],
  ])('%s -> %s', (value, expected) => {
    expect(resolveExpression(value, scope)).toBe(expected);
  });

  it.each([
    ['${{ outputs.push.branch }}'],
    ['${{ vars.missing }}'],
    ['${{ vars.loop }}'],
    ['${{ ctx.promotion }}'],
    ['${{ vars.toString }}'],
    [42],
  ])('leaves %p unresolved', value => {
    expect(resolveExpression(value, scope)).toBeUndefined();
  });

  it('lets later var lists override earlier ones', () => {
    expect(scope.vars.repo).toBe('https://github.com/${{ vars.org }}/app');
  });

  it('ignores malformed var lists', () => {
    expect(
      layerVars(
        undefined,
        [{ name: 'a' }, { value: 'b' }, null as any],
        'x' as any,
      ),
    ).toEqual({});
  });

  it('tells literals from expressions', () => {
    expect(isLiteral('release/prod')).toBe(true);
    expect(isLiteral('${{ outputs.push.branch }}')).toBe(false);
    expect(isLiteral('')).toBe(false);
    expect(isLiteral(undefined)).toBe(false);
  });
});
