/**
 * A minimal `${{ ... }}` evaluator for promotion step configs: enough for
 * `vars.x`, `outputs.alias.a.b`, `outputs['alias'].pr.id`, `ctx.stage` and
 * string literals. Kargo uses expr-lang; the sandbox needs only paths.
 */

export interface ExpressionEnv {
  vars: Record<string, unknown>;
  outputs: Record<string, unknown>;
  ctx: Record<string, unknown>;
}

function evalPath(expr: string, env: ExpressionEnv): unknown {
  const e = expr.trim();
  const literal = /^(['"])(.*)\1$/.exec(e);
  if (literal) return literal[2];
  if (/^-?\d+$/.test(e)) return Number(e);
  const parts: string[] = [];
  const re =
    /^([A-Za-z_][\w-]*)|\.([A-Za-z_][\w-]*)|\[\s*(['"])(.*?)\3\s*\]|\[(\d+)\]/g;
  let consumed = 0;
  for (let m = re.exec(e); m && m.index === consumed; m = re.exec(e)) {
    parts.push(m[1] ?? m[2] ?? m[4] ?? m[5]);
    consumed = re.lastIndex;
  }
  if (consumed !== e.length || parts.length === 0) return undefined;
  let value: unknown = env as unknown as Record<string, unknown>;
  for (const p of parts) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[p];
  }
  return value;
}

const EXPR = /\$\{\{(.*?)\}\}/g;

/** Resolves expressions in a string; a whole-string expression keeps its type. */
export function evaluate(value: unknown, env: ExpressionEnv): unknown {
  if (typeof value === 'string') {
    const whole = /^\s*\$\{\{(.*?)\}\}\s*$/.exec(value);
    if (whole) return evalPath(whole[1], env);
    return value.replace(EXPR, (_, expr) => {
      const v = evalPath(expr, env);
      return v === undefined || v === null ? '' : String(v);
    });
  }
  if (Array.isArray(value)) return value.map(v => evaluate(v, env));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, evaluate(v, env)]),
    );
  }
  return value;
}

/** `[{name, value}]` lists merged into a map, later lists winning. */
export function varsOf(
  ...lists: Array<Array<{ name?: string; value?: string }> | undefined>
) {
  const out: Record<string, unknown> = {};
  for (const list of lists)
    for (const v of list ?? []) if (v?.name) out[v.name] = v.value;
  return out;
}
