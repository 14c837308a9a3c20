/**
 * Named values an expression of a promotion step may read.
 *
 * @public
 */
export interface ExpressionScope {
  vars: Record<string, string>;
  ctx: { project?: string; stage?: string; promotion?: string };
}

type VarList = Array<{ name?: string; value?: string }> | undefined;

const EXPRESSION = /\$\{\{\s*(.*?)\s*\}\}/g;
const VARS_DOT = /^vars\.([A-Za-z_][A-Za-z0-9_]*)$/;
const VARS_INDEX = /^vars\[\s*(['"])([^'"]+)\1\s*\]$/;
const CTX_DOT = /^ctx\.(project|stage|promotion)$/;
/** Vars may name other vars; this bounds a cycle. */
const MAX_DEPTH = 5;

function lookup(
  expression: string,
  scope: ExpressionScope,
  depth: number,
): string | undefined {
  const name =
    VARS_DOT.exec(expression)?.[1] ?? VARS_INDEX.exec(expression)?.[2];
  if (name !== undefined) {
    if (!Object.prototype.hasOwnProperty.call(scope.vars, name))
      return undefined;
    // eslint-disable-next-line @typescript-eslint/no-use-before-define
    return resolveExpression(scope.vars[name], scope, depth + 1);
  }
  const ctx = CTX_DOT.exec(expression)?.[1] as keyof ExpressionScope['ctx'];
  return ctx ? scope.ctx[ctx] || undefined : undefined;
}

/**
 * A string config value with its `${{ vars.x }}`, `${{ vars['x'] }}` and
 * `${{ ctx.project|stage|promotion }}` expressions substituted. Any other
 * expression (step outputs, functions) is only known while the Promotion
 * runs: the value is then undefined, and callers skip it.
 */
export function resolveExpression(
  value: unknown,
  scope: ExpressionScope,
  depth = 0,
): string | undefined {
  if (typeof value !== 'string' || depth > MAX_DEPTH) return undefined;
  if (!value.includes('${{')) return value;
  let unresolved = false;
  const result = value.replace(EXPRESSION, (_match, expression: string) => {
    const resolved = lookup(expression, scope, depth);
    if (resolved === undefined) unresolved = true;
    return resolved ?? '';
  });
  return unresolved ? undefined : result;
}

/** True for a value with no expression at all. */
export function isLiteral(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && !value.includes('${{');
}

/**
 * Vars in the order Kargo layers them, each list overriding the ones before:
 * the Stage's `spec.vars`, then the promotion template's (or Promotion's)
 * vars, then a step's own vars. A var's value may itself name earlier vars.
 */
export function layerVars(...lists: VarList[]): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const list of lists) {
    for (const v of Array.isArray(list) ? list : []) {
      if (v?.name && typeof v.value === 'string') vars[v.name] = v.value;
    }
  }
  return vars;
}
