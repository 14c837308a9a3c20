import {
  appLanguageApiRef,
  translationApiRef,
} from '@backstage/core-plugin-api/alpha';
import { mockApis } from '@backstage/test-utils';
import { kargoTranslationRef } from '../translation';
import de from '../translations/de';

/**
 * The app's translation and language APIs switched to German: messages from
 * the plugin's German resource, `{{placeholders}}` filled (or, with
 * `skipInterpolation`, not) as i18next fills them (the test app's own translation API knows English only).
 */
export function germanApis() {
  const english = mockApis.translation();
  // An observable that never emits: the language and messages never change.
  const never = () => english.translation$(kargoTranslationRef);
  const messages = de.messages as Record<string, string>;
  const t = (key: string, options: Record<string, unknown> = {}) =>
    options.skipInterpolation
      ? messages[key] ?? key
      : (messages[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
          String(options[name] ?? ''),
        );
  const translationApi = {
    getTranslation: () => ({ ready: true, t }),
    translation$: never,
  } as unknown as typeof english;
  const languageApi = {
    getLanguage: () => ({ language: 'de' }),
    getAvailableLanguages: () => ({ languages: ['en', 'de'] }),
    changeLanguage: () => {},
    language$: never,
  };
  return [
    [translationApiRef, translationApi],
    [appLanguageApiRef, languageApi],
  ] as const;
}
