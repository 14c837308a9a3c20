/**
 * Kargo's deep links (akuity/kargo v1.11.2 pkg/deeplinks/deeplinks.go
 * EvaluateLinks): each link's `if` (an expr-lang expression) decides whether
 * it shows, its `url` (a Go text/template) is executed against
 * `{ stage: <the Stage as JSON> }`; a link that fails is left out and its
 * error reported beside the others. The sandbox evaluates the subset demos
 * and tests use: templates of field paths (`{{ .stage.metadata.name }}`,
 * `{{ index .stage.metadata.labels "key" }}`) and conditions that are
 * `true`/`false`, a path, or a path compared (`==`, `!=`) with a string
 * literal or `nil`; anything else is reported as an error, as Kargo reports
 * its own evaluation errors.
 */

export interface DeepLink {
  title?: string;
  url?: string;
  description?: string;
  if?: string;
}

export interface ResolvedLink {
  title: string;
  url: string;
  description?: string;
}

type Ctx = Record<string, unknown>;

function walk(ctx: Ctx, path: string[]): unknown {
  let value: unknown = ctx;
  for (const key of path) {
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** `.a.b` in a template, `a.b` in an expression. */
const TEMPLATE_PATH = /^(\.[A-Za-z_][\w]*)+$/;
const EXPR_PATH = /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/;

function templateAction(action: string, ctx: Ctx): string {
  const index = /^index\s+(\S+)\s+"([^"]*)"$/.exec(action);
  if (index && TEMPLATE_PATH.test(index[1])) {
    const value = walk(ctx, [...index[1].slice(1).split('.'), index[2]]);
    return value === undefined ? '<no value>' : String(value);
  }
  if (TEMPLATE_PATH.test(action)) {
    const value = walk(ctx, action.slice(1).split('.'));
    // Go prints a missing map key as "<no value>".
    if (value === undefined) return '<no value>';
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  throw new Error(`template: :1: unsupported action {{${action}}} in the sandbox`);
}

function executeTemplate(template: string, ctx: Ctx): string {
  return template.replace(/\{\{-?\s*(.*?)\s*-?\}\}/g, (_, action: string) =>
    templateAction(action, ctx),
  );
}

function operand(text: string, ctx: Ctx): unknown {
  const t = text.trim();
  if (t === 'nil') return undefined;
  const literal = /^"([^"]*)"$/.exec(t) ?? /^'([^']*)'$/.exec(t);
  if (literal) return literal[1];
  if (EXPR_PATH.test(t)) return walk(ctx, t.split('.'));
  throw new Error(`unexpected token ${JSON.stringify(t)}`);
}

function evaluateCondition(expression: string, ctx: Ctx): unknown {
  const t = expression.trim();
  if (t === 'true') return true;
  if (t === 'false') return false;
  const compare = /^(.+?)\s*(==|!=)\s*(.+)$/.exec(t);
  if (compare) {
    const same = operand(compare[1], ctx) === operand(compare[3], ctx);
    return compare[2] === '==' ? same : !same;
  }
  return operand(t, ctx);
}

/** EvaluateLinks: the links that show, and the errors of those that failed. */
export function evaluateLinks(
  links: DeepLink[],
  ctx: Ctx,
): { links: ResolvedLink[]; errors: string[] } {
  const resolved: ResolvedLink[] = [];
  const errors: string[] = [];
  for (const link of links) {
    const title = link.title ?? '';
    if (link.if) {
      let out: unknown;
      try {
        out = evaluateCondition(link.if, ctx);
      } catch (e) {
        errors.push(`error evaluating condition for link "${title}": ${(e as Error).message}`);
        continue;
      }
      if (typeof out !== 'boolean') {
        errors.push(`condition for link "${title}" evaluated to non-boolean value`);
        continue;
      }
      if (!out) continue;
    }
    let url: string;
    try {
      url = executeTemplate(link.url ?? '', ctx);
    } catch (e) {
      errors.push(`error evaluating URL template for link "${title}": ${(e as Error).message}`);
      continue;
    }
    resolved.push({
      title,
      url,
      ...(link.description ? { description: link.description } : {}),
    });
  }
  return { links: resolved, errors };
}
