import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  PLUGINS_DIR as PLUGINS,
  productionSourcesOfPlugins,
} from '../__testUtils__/sources';

/*
 * phaseSets.ts is the one owner of what phases mean. This test reads every
 * production source file of the plugins and fails where a second, hand-written
 * list of phases comes back: an array or Set of two or more phase names, or a
 * chain of comparisons with them (`phase === 'Failed' || phase === 'Error'`).
 */
const PHASE =
  "'(?:Pending|Running|Successful|Succeeded|Failed|Error|Errored|Aborted|Inconclusive|Skipped)'";
const LIST = new RegExp(`[\\[(]\\s*${PHASE}\\s*,\\s*${PHASE}`);
const CHAIN = new RegExp(
  `===\\s*${PHASE}\\s*(?:\\|\\||&&)[^;\\n]*===\\s*${PHASE}`,
);

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
  const files = productionSourcesOfPlugins();

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
