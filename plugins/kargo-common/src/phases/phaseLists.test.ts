import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/*
 * phaseSets.ts is the one owner of what phases mean. This test reads every
 * production source file of the plugins and fails where a second, hand-written
 * list of phases comes back: an array or Set of two or more phase names, or a
 * chain of comparisons with them (`phase === 'Failed' || phase === 'Error'`).
 */
const PLUGINS = join(__dirname, '../../..');
const PHASE =
  "'(?:Pending|Running|Successful|Succeeded|Failed|Error|Errored|Aborted|Inconclusive|Skipped)'";
const LIST = new RegExp(`[\\[(]\\s*${PHASE}\\s*,\\s*${PHASE}`);
const CHAIN = new RegExp(
  `===\\s*${PHASE}\\s*(?:\\|\\||&&)[^;\\n]*===\\s*${PHASE}`,
);

function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (['node_modules', 'dist', 'dist-types', 'generated'].includes(name))
      continue;
    if (name.startsWith('__')) continue; // __fixtures__, __testUtils__
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, found);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
      found.push(path);
  }
  return found;
}

function offenders(files: string[]): string[] {
  return files.flatMap(file => {
    if (file.endsWith(join('phases', 'phaseSets.ts'))) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .map((line, i) => ({ line, at: `${relative(PLUGINS, file)}:${i + 1}` }))
      .filter(({ line }) => LIST.test(line) || CHAIN.test(line))
      .map(({ at, line }) => `${at}: ${line.trim()}`);
  });
}

describe('phase lists', () => {
  const files = readdirSync(PLUGINS)
    .map(plugin => join(PLUGINS, plugin, 'src'))
    .filter(dir => statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    .flatMap(dir => sourceFiles(dir));

  it('reads the production sources of every plugin', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(
      files.some(f => f.includes(join('kargo', 'src', 'components'))),
    ).toBe(true);
    expect(files.some(f => f.includes('kargo-backend'))).toBe(true);
  });

  it('finds no hand-written list of phases outside phaseSets.ts', () => {
    expect(offenders(files)).toEqual([]);
  });

  it('would find one', () => {
    const probe = [
      "const FAILED = new Set(['Failed', 'Errored', 'Aborted']);",
      "if (phase === 'Failed' || phase === 'Error') {",
    ];
    for (const line of probe)
      expect(LIST.test(line) || CHAIN.test(line)).toBe(true);
    expect(LIST.test("row.phase === 'Succeeded' ? '' : message")).toBe(false);
  });
});
