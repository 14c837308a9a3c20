import { errorApiRef } from '@backstage/core-plugin-api';
import { translationApiRef } from '@backstage/core-plugin-api/alpha';
import { mockApis, TestApiProvider } from '@backstage/test-utils';
import { renderHook } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { useKargoTranslation } from './useKargoTranslation';
import { useReasonText } from './useReasonText';

// The test app's translation API is i18next, configured as Backstage's own.
const wrapper = ({ children }: { children: ReactNode }) => (
  <TestApiProvider
    apis={[
      [translationApiRef, mockApis.translation()],
      [errorApiRef, { post: jest.fn(), error$: jest.fn() }],
    ]}
  >
    {children}
  </TestApiProvider>
);

describe('useKargoTranslation', () => {
  // Attack 4 on issue 35 (low): i18next fills a placeholder by replacing its
  // first textual match, so a value holding `{{stage}}` (a Freight alias, a
  // message anyone writing a Stage template controls) moved the Stage's name
  // into its place and left a raw placeholder behind.
  it('takes every value literally, even one that looks like a placeholder', () => {
    const { result } = renderHook(() => useReasonText(), { wrapper });
    expect(
      result.current(
        {
          code: 'freightApproved',
          params: { freight: '{{stage}}', stage: 'prod' },
        },
        'English fallback',
      ),
    ).toBe('Freight "{{stage}}" is approved for Stage "prod"');
  });

  it('still picks the plural form by count, and fills messages without values', () => {
    const { result } = renderHook(() => useKargoTranslation(), { wrapper });
    const { t } = result.current;
    expect(t('card.openPullRequests', { count: 1 })).toBe('1 open PR');
    expect(t('card.openPullRequests', { count: 3 })).toBe('3 open PRs');
    expect(t('card.title')).toBe('Kargo');
  });

  // Side-door test (issue 35, attack 6): i18next's nesting (`$t(key)`) and
  // a value that holds a placeholder or an option name stay literal text.
  it('nests no translation a value names, and takes a placeholder in a value literally', () => {
    const { result } = renderHook(() => useReasonText(), { wrapper });
    expect(
      result.current(
        {
          code: 'freightApproved',
          params: { freight: '$t(card.title)', stage: '{{count}} $t(x)' },
        },
        'English fallback',
      ),
    ).toBe('Freight "$t(card.title)" is approved for Stage "{{count}} $t(x)"');
  });

  it('is the only way the plugin reads its translations', () => {
    const src = join(__dirname, '..');
    const direct = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter(file => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .filter(file =>
        /useTranslationRef\(/.test(readFileSync(join(src, file), 'utf8')),
      );
    expect(direct).toEqual([join('hooks', 'useKargoTranslation.ts')]);
  });
});
