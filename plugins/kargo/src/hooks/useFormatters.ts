import { useApiHolder } from '@backstage/core-plugin-api';
import { appLanguageApiRef } from '@backstage/core-plugin-api/alpha';
import { useMemo } from 'react';
import {
  formatAge,
  formatClock,
  formatDateTime,
  formatDuration,
  formatSpan,
} from '../utils/format';

/** The app's language (English when the app has no language API). */
export function useLanguage(): string {
  const languageApi = useApiHolder().get(appLanguageApiRef);
  return languageApi?.getLanguage().language ?? 'en';
}

/** The time formatters of `utils/format`, bound to the app's language. */
export function useFormatters() {
  const language = useLanguage();
  return useMemo(
    () => ({
      clock: (iso: string | null | undefined) => formatClock(iso, language),
      dateTime: (iso: string | null | undefined) =>
        formatDateTime(iso, language),
      duration: (ms: number) => formatDuration(ms, language),
      span: (
        start: string | null | undefined,
        end: string | null | undefined,
      ) => formatSpan(start, end, language),
      age: (iso: string | null | undefined, now?: Date) =>
        formatAge(iso, language, now),
    }),
    [language],
  );
}
