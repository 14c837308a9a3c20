/**
 * Kubernetes label selectors (`-l` / `labelSelector=`), parsed like
 * apimachinery's `labels.Parse`: `=`, `==`, `!=`, `in`, `notin`, `exists`
 * (`key`), `!exists` (`!key`), `gt`/`lt`. No npm library implements this
 * grammar, hence this small tested parser.
 */
import { badRequest } from './errors';

export type Operator =
  | 'equals'
  | 'notEquals'
  | 'in'
  | 'notIn'
  | 'exists'
  | 'doesNotExist'
  | 'gt'
  | 'lt';

export interface Requirement {
  key: string;
  operator: Operator;
  values: string[];
}

const KEY =
  /^([a-z0-9A-Z]([a-z0-9A-Z.-]*[a-z0-9A-Z])?\/)?[a-z0-9A-Z]([a-zA-Z0-9_.-]*[a-zA-Z0-9])?$/;
const VALUE = /^([a-z0-9A-Z]([a-zA-Z0-9_.-]*[a-zA-Z0-9])?)?$/;

type Token = { kind: 'word' | 'op' | 'punct'; text: string };

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i];
    if (/\s/.test(c)) {
      i++;
    } else if (c === '(' || c === ')' || c === ',') {
      tokens.push({ kind: 'punct', text: c });
      i++;
    } else if ('=!<>'.includes(c)) {
      const two = input.slice(i, i + 2);
      const op = two === '==' || two === '!=' ? two : c;
      tokens.push({ kind: 'op', text: op });
      i += op.length;
    } else {
      let j = i;
      while (j < input.length && !/[\s(),=!<>]/.test(input[j])) j++;
      tokens.push({ kind: 'word', text: input.slice(i, j) });
      i = j;
    }
  }
  return tokens;
}

function fail(selector: string, why: string): never {
  throw badRequest(
    `unable to parse requirement: ${why} (selector "${selector}")`,
  );
}

/** Parses a label selector string; throws a 400 KubeError when malformed. */
export function parseLabelSelector(
  selector: string | undefined,
): Requirement[] {
  if (!selector || !selector.trim()) return [];
  const tokens = tokenize(selector);
  const reqs: Requirement[] = [];
  let pos = 0;
  const peek = () => tokens[pos];
  const next = () => tokens[pos++];
  const key = (): string => {
    const t = next();
    if (!t || t.kind !== 'word' || !KEY.test(t.text) || t.text.length > 316) {
      fail(selector, `invalid label key "${t?.text ?? ''}"`);
    }
    return t.text;
  };
  const value = (): string => {
    const t = peek();
    if (!t || t.kind !== 'word') return '';
    pos++;
    if (!VALUE.test(t.text) || t.text.length > 63) {
      fail(selector, `invalid label value "${t.text}"`);
    }
    return t.text;
  };
  while (pos < tokens.length) {
    const first = peek();
    if (first.kind === 'op' && first.text === '!') {
      pos++;
      reqs.push({ key: key(), operator: 'doesNotExist', values: [] });
    } else {
      const k = key();
      const t = peek();
      if (!t || (t.kind === 'punct' && t.text === ',')) {
        reqs.push({ key: k, operator: 'exists', values: [] });
      } else if (t.kind === 'op') {
        pos++;
        const op: Record<string, Operator> = {
          '=': 'equals',
          '==': 'equals',
          '!=': 'notEquals',
          '>': 'gt',
          '<': 'lt',
        };
        if (!op[t.text]) fail(selector, `unexpected "${t.text}"`);
        const v = value();
        if (
          (op[t.text] === 'gt' || op[t.text] === 'lt') &&
          !/^-?\d+$/.test(v)
        ) {
          fail(
            selector,
            `for 'Gt', 'Lt' operators, the value must be an integer`,
          );
        }
        reqs.push({ key: k, operator: op[t.text], values: [v] });
      } else if (t.kind === 'word' && (t.text === 'in' || t.text === 'notin')) {
        pos++;
        if (next()?.text !== '(')
          fail(selector, `expected "(" after ${t.text}`);
        const values: string[] = [];
        for (;;) {
          values.push(value());
          const sep = next();
          if (sep?.text === ')') break;
          if (sep?.text !== ',') fail(selector, 'expected "," or ")"');
        }
        reqs.push({
          key: k,
          operator: t.text === 'in' ? 'in' : 'notIn',
          values,
        });
      } else {
        fail(selector, `unexpected "${t.text}" after key "${k}"`);
      }
    }
    const sep = next();
    if (sep && sep.text !== ',')
      fail(selector, `expected "," but found "${sep.text}"`);
    if (sep && pos >= tokens.length) fail(selector, 'trailing ","');
  }
  return reqs;
}

/** True when the labels satisfy every requirement. */
export function matchesLabels(
  requirements: Requirement[],
  labels: Record<string, string> | undefined,
): boolean {
  const l = labels ?? {};
  return requirements.every(r => {
    const has = Object.prototype.hasOwnProperty.call(l, r.key);
    const v = l[r.key];
    switch (r.operator) {
      case 'equals':
        return has && v === r.values[0];
      case 'notEquals':
        return !has || v !== r.values[0];
      case 'in':
        return has && r.values.includes(v);
      case 'notIn':
        return !has || !r.values.includes(v);
      case 'exists':
        return has;
      case 'doesNotExist':
        return !has;
      case 'gt':
        return has && /^-?\d+$/.test(v) && Number(v) > Number(r.values[0]);
      case 'lt':
        return has && /^-?\d+$/.test(v) && Number(v) < Number(r.values[0]);
      default:
        return false;
    }
  });
}

/** Field selectors: only metadata.name and metadata.namespace, as for CRDs. */
export interface FieldRequirement {
  field: 'metadata.name' | 'metadata.namespace';
  equals: boolean;
  value: string;
}

export function parseFieldSelector(
  selector: string | undefined,
): FieldRequirement[] {
  if (!selector || !selector.trim()) return [];
  return selector.split(',').map(part => {
    const m = /^\s*([a-zA-Z.]+)\s*(==|=|!=)\s*([^\s]*)\s*$/.exec(part);
    if (!m)
      throw badRequest(
        `invalid selector: '${selector}'; can't understand '${part}'`,
      );
    if (m[1] !== 'metadata.name' && m[1] !== 'metadata.namespace') {
      throw badRequest(`field label not supported: ${m[1]}`);
    }
    return { field: m[1], equals: m[2] !== '!=', value: m[3] };
  });
}

export function matchesFields(
  requirements: FieldRequirement[],
  meta: { name?: string; namespace?: string },
): boolean {
  return requirements.every(r => {
    const actual =
      (r.field === 'metadata.name' ? meta.name : meta.namespace) ?? '';
    return (actual === r.value) === r.equals;
  });
}
