import { useMemo } from 'react';
import {
  useTranslationRef,
  type TranslationFunction,
} from '@backstage/core-plugin-api/alpha';
import { interpolate } from '@kargo-backstage/plugin-kargo-common';
import { kargoTranslationRef } from '../translation';

type Translate = (key: any, options?: any) => any;

function isText(value: unknown): boolean {
  return (
    value === null ||
    ['string', 'number', 'boolean', 'undefined'].includes(typeof value)
  );
}

/**
 * `t` with every value taken literally. i18next fills a `{{name}}` by
 * replacing its first textual match in the message it is building, so a
 * value that holds `{{other}}` (a step's message, a PR title, a Kargo
 * reason) took another value's place. Here i18next only picks the message
 * (language, plural form, with `skipInterpolation`) and kargo-common's
 * `interpolate` fills it in one pass. Values that are not text (a React
 * element) keep i18next's own path.
 */
export function withLiteralValues<T extends Translate>(t: T): T {
  const literal = (key: string, options?: Record<string, unknown>) => {
    if (!options || !Object.values(options).every(isText)) {
      return t(key, options);
    }
    const message: string = t(key, { ...options, skipInterpolation: true });
    const values = Object.fromEntries(
      Object.entries(options).map(([name, value]) => [
        name,
        String(value ?? ''),
      ]),
    );
    return interpolate(message, values);
  };
  return literal as T;
}

/**
 * The plugin's translations (`kargoTranslationRef`), with values taken
 * literally ({@link withLiteralValues}). Every component words through
 * this hook, never `useTranslationRef` itself.
 */
export function useKargoTranslation(): {
  t: TranslationFunction<typeof kargoTranslationRef.T>;
} {
  const { t } = useTranslationRef(kargoTranslationRef);
  return useMemo(() => ({ t: withLiteralValues(t) }), [t]);
}
