import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { productionSources } from './__testUtils__/sources';

// kargo-common is pure and shared by every package and every Kargo instance
// of a backend: a module-level cache would be shared by all of them, live
// as long as the process and be bounded by nobody who owns it. A table that
// grows belongs to its owner (an instance's Interner: see util/interner.ts).

const COLLECTION = /^new\s+(Map|Set|WeakMap|WeakSet)\b(?:<[^(]*>)?\((.?)/;
const TOP_LEVEL =
  /^(?:export\s+)?(const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(.*)$/;
/** Classes whose instances never change (a module may hold one). */
const IMMUTABLE = ['RegExp', 'URL', 'Intl.Collator', 'Intl.NumberFormat'];
const STATIC = /^\s+(?:(?:private|protected|public|readonly)\s+)*static\s+/;

function escape(name: string): string {
  return name.replace(/\$/g, '\\$');
}

/** The module-level state of one source file, as `line: reason`. */
function moduleStateOf(source: string): string[] {
  const found: string[] = [];
  const lines = source.split('\n');
  lines.forEach((line, index) => {
    const where = `line ${index + 1}`;
    if (STATIC.test(line) && /=\s*new\s+(Map|Set|WeakMap|WeakSet)\b/.test(line))
      found.push(`${where}: a static collection`);
    const top = TOP_LEVEL.exec(line);
    if (!top) return;
    const [, keyword, name, init] = top;
    if (keyword !== 'const') {
      found.push(`${where}: module-level \`${keyword} ${name}\``);
      return;
    }
    const mutated = (methods: string) =>
      new RegExp(`(^|[^\\w$.])${escape(name)}\\.(${methods})\\(`).test(source);
    const instance = /^new\s+([\w$.]+)/.exec(init);
    if (
      instance &&
      !COLLECTION.test(init) &&
      !IMMUTABLE.includes(instance[1])
    ) {
      found.push(`${where}: \`${name}\` is a module-level ${instance[1]}`);
      return;
    }
    const collection = COLLECTION.exec(init);
    if (collection) {
      // A constant lookup table is filled where it is made, never after.
      if (collection[2] === ')' || collection[2] === '')
        found.push(`${where}: \`${name}\` starts as an empty ${collection[1]}`);
      else if (mutated('set|add|delete|clear'))
        found.push(`${where}: \`${name}\` (a ${collection[1]}) is changed`);
      return;
    }
    if (
      /^(\[\]|\{\})/.test(init) &&
      (mutated('push|unshift|splice') ||
        new RegExp(`(^|[^\\w$.])${escape(name)}\\[[^\\]]+\\]\\s*=[^=]`).test(
          source,
        ))
    )
      found.push(`${where}: \`${name}\` grows`);
  });
  return found;
}

describe('kargo-common holds no module-level state', () => {
  it('no source file keeps a cache, a growing collection or a mutable binding at module level', () => {
    const files = productionSources(__dirname);
    expect(files.length).toBeGreaterThan(50);
    expect(files.some(f => f.endsWith(join('util', 'interner.ts')))).toBe(true);
    const found = files.flatMap(file =>
      moduleStateOf(readFileSync(file, 'utf8')).map(
        reason => `${relative(__dirname, file)} ${reason}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it('finds the caches this package once had (and other module state), and lets constant tables be', () => {
    // util/text.ts's sharedText (and pullRequests/repoUrl.ts's memo), as it was.
    expect(
      moduleStateOf(
        [
          'const SHARED_LIMIT = 10_000;',
          'const shared = new Map<string, string>();',
          'export function sharedText(text: string): string {',
          '  shared.set(text, text);',
          '}',
        ].join('\n'),
      ),
    ).toEqual(['line 2: `shared` starts as an empty Map']);
    expect(
      moduleStateOf(
        [
          "const seeded = new Map([['a', 'b']]);",
          'export const remember = (k: string) => seeded.set(k, k);',
          'let calls = 0;',
          'const seen: string[] = [];',
          'export const see = (s: string) => { seen.push(s); calls++; };',
          'const byKey: Record<string, string> = {};',
          'export const keep = (k: string) => { byKey[k] = k; };',
          'const shared = new SharedMetrics();',
          'class Table {',
          '  private static readonly all = new WeakMap<object, string>();',
          '}',
        ].join('\n'),
      ),
    ).toEqual([
      'line 1: `seeded` (a Map) is changed',
      'line 3: module-level `let calls`',
      'line 4: `seen` grows',
      'line 6: `byKey` grows',
      'line 8: `shared` is a module-level SharedMetrics',
      'line 10: a static collection',
    ]);
    // Lookup tables filled where they are made, and a class's own fields.
    expect(
      moduleStateOf(
        [
          "const SCHEMES = new Set(['http:', 'https:']);",
          "const FAILED = new Set<string>(['Failed', 'Error']);",
          "const WORDS = new Intl.Collator('en');",
          'const COMMIT_PATH: Record<string, string> = { github: "commit" };',
          'export class Interner {',
          '  private readonly strings = new Map<string, string>();',
          '}',
          'const local = () => { const seen = new Set<string>(); seen.add("x"); };',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
