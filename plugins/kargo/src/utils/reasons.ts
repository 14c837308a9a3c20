/**
 * Words a reason code of the backend (kargo-common's `ReasonCode`, with its
 * params) through the translation ref, with times in the viewer's time zone
 * and durations and lists in their language (the formatters of ./format). A code this frontend does not
 * know (a newer backend) shows the backend's English sentence.
 */
import { kargoMessages } from '../translation';
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

const KNOWN = new Set(Object.keys(kargoMessages.reasons));

function list(items: string[], language: string, t: ReasonTranslate) {
  return items.length ? formatList(items, language) : t('reasonParts.none');
}

function formatParams(
  params: Record<string, unknown>,
  language: string,
  t: ReasonTranslate,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (key.endsWith('Time')) {
      out[key] =
        (typeof value === 'string' && formatClock(value, language)) ||
        t('reasonParts.unknownTime');
    } else if (key.endsWith('Ms') && typeof value === 'number') {
      out[key] = formatDuration(value, language);
    } else if (Array.isArray(value)) {
      out[key] = list(value.map(String), language, t);
    } else {
      out[key] = value === null || value === undefined ? '' : String(value);
    }
  }
  // `soaking`: each upstream Stage with how long the Freight soaked there.
  const soaking = params.soaking;
  const soakedMs = params.soakedMs;
  if (Array.isArray(soaking) && Array.isArray(soakedMs)) {
    const each = soaking.map((stage, i) =>
      t('reasonParts.soakedIn', {
        duration: formatDuration(Number(soakedMs[i] ?? 0), language),
        stage: String(stage),
      }),
    );
    out.soaked = list(each, language, t);
  }
  return out;
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
  if (!code || !KNOWN.has(code)) return english ?? undefined;
  return t(`reasons.${code}`, formatParams(reason.params ?? {}, language, t));
}
