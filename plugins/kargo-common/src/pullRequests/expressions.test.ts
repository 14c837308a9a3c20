import {
  isLiteral,
  layerOver,
  layerVars,
  resolveExpression,
} from './expressions';

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

  // A project member writes a Stage's vars and its steps' repoURL: the
  // portal resolves them on every rebuild of that Stage, on the backend's
  // one thread (issue 35, attack 6).
  it('leaves a var naming itself many times unresolved, without multiplying the work', () => {
    const vars = { a: '${{ vars.a }}'.repeat(32) };
    expect(
      resolveExpression('${{ vars.a }}', { vars, ctx: {} }),
    ).toBeUndefined();
  });

  it('leaves a chain of vars that grows a huge string unresolved', () => {
    const vars: Record<string, string> = { v4: 'x' };
    for (let d = 0; d < 4; d++)
      vars[`v${d}`] = `\${{ vars.v${d + 1} }}`.repeat(100);
    expect(
      resolveExpression('${{ vars.v0 }}', { vars, ctx: {} }),
    ).toBeUndefined();
  });

  it('reads 100 KB of unclosed expressions at once', () => {
    expect(resolveExpression('${{ '.repeat(25_000), scope)).toBeUndefined();
    const long = `https://github.com/acme/${'${{ '.repeat(500)}`;
    expect(resolveExpression(long, scope)).toBe(long);
  });

  it('still resolves vars naming vars, and keeps an expression broken by a line as text', () => {
    const vars = layerVars([
      { name: 'host', value: 'github.com' },
      { name: 'org', value: 'https://${{ vars.host }}/acme' },
      {
        name: 'repo',
        value: '${{ vars.org }}/${{ ctx.stage }}-${{ vars.host }}',
      },
    ]);
    const ctx = { stage: 'prod' };
    expect(resolveExpression('${{ vars.repo }}', { vars, ctx })).toBe(
      'https://github.com/acme/prod-github.com',
    );
    expect(resolveExpression('a ${{ vars\n.x }} b', { vars, ctx })).toBe(
      'a ${{ vars\n.x }} b',
    );
    expect(
      resolveExpression('${{ vars.__proto__ }}', { vars, ctx }),
    ).toBeUndefined();
  });

  it("layers a step's vars over the Stage's without copying them, __proto__ a plain name", () => {
    const stageVars = layerVars([
      { name: 'org', value: 'acme' },
      { name: 'repo', value: 'app' },
    ]);
    const step = layerOver(stageVars, [
      { name: 'repo', value: 'web' },
      { name: '__proto__', value: 'x' },
    ]);
    const ctx = {};
    expect(
      resolveExpression('${{ vars.org }}/${{ vars.repo }}', {
        vars: step,
        ctx,
      }),
    ).toBe('acme/web');
    expect(
      resolveExpression('${{ vars.repo }}', { vars: stageVars, ctx }),
    ).toBe('app');
    expect(
      resolveExpression("${{ vars['__proto__'] }}", { vars: step, ctx }),
    ).toBe('x');
    expect(
      resolveExpression('${{ vars.constructor }}', { vars: step, ctx }),
    ).toBeUndefined();
    expect(layerOver(stageVars, [])).toBe(stageVars);
  });
});
