import { useLanguage } from './useFormatters';
import { errorMessage, errorReason } from '../utils/errors';
import {
  reasonText,
  type ReasonData,
  type ReasonTranslate,
} from '../utils/reasons';
import { useKargoTranslation } from './useKargoTranslation';

/**
 * Words reason codes in the app's language (English when the app has no
 * language API); see {@link reasonText}.
 */
export function useReasonText(): (
  reason: ReasonData,
  english: string | null | undefined,
) => string | undefined {
  const { t } = useKargoTranslation();
  const language = useLanguage();
  return (reason, english) =>
    reasonText(reason, english, language, t as unknown as ReasonTranslate);
}

/**
 * Words a failed request in the app's language: the backend's reason code
 * when it sent one this frontend knows, else its English message.
 */
export function useErrorText(): (error: unknown) => string {
  const wordReason = useReasonText();
  return error =>
    wordReason(errorReason(error), errorMessage(error)) ?? errorMessage(error);
}
