/**
 * Words a reason code of the backend (kargo-common's `ReasonCode`, with its
 * params) through the translation ref, with times in the viewer's time zone
 * and durations and lists in their language (the formatters of ./format).
 * kargo-common turns the params into placeholder values (`reasonValues`, the
 * same function that words the API's English); this file only lends it the
 * viewer's formatters. A code this frontend does not know (a newer backend)
 * shows the backend's English sentence.
 */
import {
  REASON_TEMPLATES,
  reasonValues,
  type Reason,
  type ReasonFormatters,
} from '@kargo-backstage/plugin-kargo-common';
import { formatClock, formatDuration, formatList } from './format';

/** What the API sends beside an English sentence: a code and its params. */
export interface ReasonData {
  code?: string | null;
  params?: Record<string, unknown> | null;
}

/** The translation function of `kargoTranslationRef`, loosely typed. */
export type ReasonTranslate = (
  key: string,
  options?: Record<string, string>,
) => string;

function known(code: string): boolean {
  return Object.prototype.hasOwnProperty.call(REASON_TEMPLATES, code);
}

/** The viewer's formatters, for kargo-common's `reasonValues`. */
function viewerFormatters(
  language: string,
  t: ReasonTranslate,
): ReasonFormatters {
  return {
    clock: time => formatClock(time, language),
    duration: ms => formatDuration(ms, language),
    list: items => formatList(items, language),
    part: (part, values) => t(`reasonParts.${part}`, values),
  };
}

/**
 * The reason in the viewer's language, or `english` when there is no code or
 * the code is unknown to this frontend.
 */
export function reasonText(
  reason: ReasonData,
  english: string | null | undefined,
  language: string,
  t: ReasonTranslate,
): string | undefined {
  const code = reason.code;
  if (!code || !known(code)) return english ?? undefined;
  const data = { code, params: reason.params ?? {} } as Reason;
  return t(
    `reasons.${code}`,
    reasonValues(data, viewerFormatters(language, t)),
  );
}
