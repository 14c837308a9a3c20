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

const VARS_DOT = /^vars\.([A-Za-z_][A-Za-z0-9_]*)$/;
const VARS_INDEX = /^vars\[\s*(['"])([^'"]+)\1\s*\]$/;
const CTX_DOT = /^ctx\.(project|stage|promotion)$/;
/** Vars may name other vars; this bounds a cycle. */
const MAX_DEPTH = 5;
/**
 * Vars looked up per resolved value, all depths together: a var may name
 * another many times over (`${{ vars.a }}${{ vars.a }}…`, a project member
 * writes it), and each lookup at every depth multiplied the work until one
 * small Stage held the backend's one thread for minutes.
 */
const MAX_LOOKUPS = 64;
/**
 * Longest value read or produced (as normalizeRepoUrl's limit): no
 * repository URL or branch is longer, and a chain of vars each naming the
 * next many times grew strings of many megabytes.
 */
const MAX_LENGTH = 2048;

interface Budget {
  lookups: number;
}

function lookup(
  expression: string,
  scope: ExpressionScope,
  depth: number,
  budget: Budget,
): string | undefined {
  const name =
    VARS_DOT.exec(expression)?.[1] ?? VARS_INDEX.exec(expression)?.[2];
  if (name !== undefined) {
    // Own or layered (steps.ts chains a step's vars over the Stage's): a
    // string only, never Object.prototype's members.
    const value = (scope.vars as Record<string, unknown>)[name];
    if (typeof value !== 'string') return undefined;
    // eslint-disable-next-line @typescript-eslint/no-use-before-define
    return resolve(value, scope, depth + 1, budget);
  }
  const ctx = CTX_DOT.exec(expression)?.[1] as keyof ExpressionScope['ctx'];
  return ctx ? scope.ctx[ctx] || undefined : undefined;
}

function resolve(
  value: unknown,
  scope: ExpressionScope,
  depth: number,
  budget: Budget,
): string | undefined {
  if (typeof value !== 'string' || depth > MAX_DEPTH) return undefined;
  if (value.length > MAX_LENGTH) return undefined;
  if (!value.includes('${{')) return value;
  // Each `${{ … }}` up to its first `}}` on the same line, found by
  // indexOf: the regex /\$\{\{\s*(.*?)\s*\}\}/g it replaces scanned to the
  // end of the text from every unclosed `${{` (seconds for 100 KB of them).
  let result = '';
  let from = 0;
  for (;;) {
    const start = value.indexOf('${{', from);
    if (start < 0) break;
    const end = value.indexOf('}}', start + 3);
    if (end < 0) break;
    const body = value.slice(start + 3, end);
    const lineBreak = body.search(/[\r\n\u2028\u2029]/);
    if (lineBreak >= 0) {
      // Not an expression (as `.` matches no line break): literal text.
      result += value.slice(from, start + 3 + lineBreak);
      from = start + 3 + lineBreak;
      continue;
    }
    budget.lookups += 1;
    if (budget.lookups > MAX_LOOKUPS) return undefined;
    const resolved = lookup(body.trim(), scope, depth, budget);
    if (resolved === undefined) return undefined;
    result += value.slice(from, start) + resolved;
    if (result.length > MAX_LENGTH) return undefined;
    from = end + 2;
  }
  result += value.slice(from);
  return result.length > MAX_LENGTH ? undefined : result;
}

/**
 * A string config value with its `${{ vars.x }}`, `${{ vars['x'] }}` and
 * `${{ ctx.project|stage|promotion }}` expressions substituted. Any other
 * expression (step outputs, functions) is only known while the Promotion
 * runs: the value is then undefined, and callers skip it. So is a value
 * (or a var it names) longer than 2,048 characters, or one that needs more
 * than 64 var lookups: a project member writes them, and none is real.
 */
export function resolveExpression(
  value: unknown,
  scope: ExpressionScope,
): string | undefined {
  return resolve(value, scope, 0, { lookups: 0 });
}

/** True for a value with no expression at all. */
export function isLiteral(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && !value.includes('${{');
}

/**
 * Vars of one list read at most: a Stage, template, Promotion or step has
 * tens; a project member writes 50,000 in a 1.5 MB Stage (issue 35, attack
 * 14).
 */
export const MAX_VARS = 1_000;

/**
 * Vars in the order Kargo layers them, each list overriding the ones before:
 * the Stage's `spec.vars`, then the promotion template's (or Promotion's)
 * vars, then a step's own vars. A var's value may itself name earlier vars.
 */
export function layerVars(...lists: VarList[]): Record<string, string> {
  return lists.reduce(layerOver, Object.create(null));
}

/**
 * `list` layered over `base` without copying it (a var missing from `list`
 * is read from `base`): a project member writes tens of thousands of Stage
 * vars, and a copy per Git step of every Promotion of the Stage held the
 * backend's one thread for a minute per rebuild of that Stage.
 */
export function layerOver(
  base: Record<string, string>,
  list: VarList,
): Record<string, string> {
  if (!Array.isArray(list) || !list.length) return base;
  // No Object.prototype in the chain: `__proto__` is a plain name.
  const vars: Record<string, string> = Object.create(base);
  // The first MAX_VARS of a list: real Stages have tens.
  for (let i = 0; i < Math.min(list.length, MAX_VARS); i++) {
    const v = list[i];
    if (v?.name && typeof v.value === 'string') vars[v.name] = v.value;
  }
  return vars;
}
