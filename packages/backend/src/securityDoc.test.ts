/**
 * docs/security.md names, beside each threat and guarantee, the tests that
 * prove it. A renamed or deleted test would leave the claim unproven while
 * the doc still promised it: every test file a table row names must exist,
 * and every test title it quotes must be in that file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';

const ROOT = join(__dirname, '../../..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    if (['node_modules', 'dist', 'dist-types', '.git'].includes(entry.name))
      return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const FILES = ['plugins', 'packages', 'test'].flatMap(dir =>
  testFiles(join(ROOT, dir)),
);

/** The one test file a row means: by its path's end (`plugin-x/` is `x/`). */
function findTest(named: string): string[] {
  const hint = named
    .replace(/^plugin-/, '')
    .split('/')
    .join(sep);
  return FILES.filter(file => file.endsWith(`${sep}${hint}`));
}

interface Citation {
  file: string;
  titles: string[];
}

/** The test files a row cites, each with the titles quoted after it. */
function citations(row: string): Citation[] {
  const cited: Citation[] = [];
  for (const match of row.matchAll(/`([^`]+\.test\.tsx?)`|"([^"]+)"/g)) {
    if (match[1]) cited.push({ file: match[1], titles: [] });
    else if (cited.length > 0) cited[cited.length - 1].titles.push(match[2]);
  }
  return cited;
}

const ROWS = readFileSync(join(ROOT, 'docs/security.md'), 'utf8')
  .split('\n')
  .filter(line => line.startsWith('|'))
  .flatMap(citations);

describe('docs/security.md', () => {
  it('cites tests in its tables', () => {
    expect(ROWS.length).toBeGreaterThan(40);
  });

  it.each(ROWS.map(c => [c.file, c.titles] as const))(
    'names the test file %s, and the titles it quotes are in it',
    (file, titles) => {
      const holds = (path: string, title: string) => {
        const source = readFileSync(path, 'utf8').replace(/\\(['"`])/g, '$1');
        return title
          .split('…')
          .filter(part => part.trim())
          .every(part => source.includes(part.trim()));
      };
      const candidates = findTest(file);
      // A name two files share is told apart by the titles it quotes.
      const meant = candidates.filter(path =>
        titles.every(title => holds(path, title)),
      );
      expect({ file, titles, found: meant.length }).toEqual({
        file,
        titles,
        found: titles.length > 0 ? Math.max(meant.length, 1) : 1,
      });
    },
  );
});
