import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import {
  PLUGINS_DIR as PLUGINS,
  productionSourcesOfPlugins,
} from '../__testUtils__/sources';

/*
 * terms.ts is the one owner of how a PR/MR is named in English ("pull
 * request #7", GitLab's "merge request !7"); the frontend's translations
 * word it per language, and each provider's own folder speaks its own
 * terms. This test reads every other production source of the plugins and
 * fails where a string names a PR/MR by hand again ("PR #", "MR !", ...),
 * which is how GitLab's !7 once became "PR #7".
 */
const HAND_WORDED =
  /(['"`])[^'"`]*\b(?:PR #|MR !|pull request #|merge request !)/i;
const OWNERS = [
  join('kargo-common', 'src', 'pullRequests', 'terms.ts'),
  join('kargo', 'src', 'translation.ts'),
  join('kargo', 'src', 'translations') + sep,
  join('kargo-node', 'src', 'git', 'github') + sep,
  join('kargo-node', 'src', 'git', 'gitlab') + sep,
  join('kargo-node', 'src', 'git', 'bitbucketCloud') + sep,
];

/** Code lines only: comments may quote the words they explain. */
function codeLines(text: string): Array<{ line: string; at: number }> {
  return text
    .split('\n')
    .map((line, i) => ({ line, at: i + 1 }))
    .filter(({ line }) => !/^\s*(\/\/|\*|\/\*)/.test(line));
}

describe('PR/MR wording', () => {
  const files = productionSourcesOfPlugins();

  it('reads the production sources of every plugin', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files.some(f => f.endsWith(join('pullRequests', 'terms.ts')))).toBe(
      true,
    );
  });

  it('names a PR/MR only through terms.ts, the translations and each provider', () => {
    const offenders = files
      .filter(
        file =>
          !OWNERS.some(owner => relative(PLUGINS, file).startsWith(owner)),
      )
      .flatMap(file =>
        codeLines(readFileSync(file, 'utf8'))
          .filter(({ line }) => HAND_WORDED.test(line))
          .map(
            ({ line, at }) =>
              `${relative(PLUGINS, file)}:${at}: ${line.trim()}`,
          ),
      );
    expect(offenders).toEqual([]);
  });

  it('would find one', () => {
    expect(HAND_WORDED.test('label: `PR #${pr.number}`,')).toBe(true);
    expect(HAND_WORDED.test("t('waiting', { text: 'Waiting on MR !7' })")).toBe(
      true,
    );
    expect(HAND_WORDED.test('const prNumber = pr.number; // PR #7')).toBe(
      false,
    );
  });
});
