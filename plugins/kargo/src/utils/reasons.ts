/**
 * Words a reason code of the backend (kargo-common's `ReasonCode`, with its
 * params) through the translation ref, with times in the viewer's time zone
 * and durations and lists in their language. A code this frontend does not
 * know (a newer backend) shows the backend's English sentence.
 */
import { kargoMessages } from '../translation';

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

function safely<T>(format: () => T): T | undefined {
  try {
    return format();
  } catch {
    return undefined; // an unknown locale or a value Intl refuses
  }
}

/** `10:42` (or `10:42 AM`) in the viewer's time zone. */
function clock(iso: string, language: string): string | undefined {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  return safely(() =>
    new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(date),
  );
}

/** `1 hr 30 min`, `45 sec` in English; `1 Std. 30 Min.` in German. */
function duration(ms: number, language: string): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const parts: Array<[number, string]> = [
    [h, 'hour'],
    [m, 'minute'],
    [h ? 0 : s, 'second'],
  ];
  const shown = parts.filter(([value]) => value > 0);
  const unit = (value: number, name: string) =>
    safely(() =>
      new Intl.NumberFormat(language, {
        style: 'unit',
        unit: name,
        unitDisplay: 'short',
      }).format(value),
    ) ?? `${value} ${name}`;
  return shown.length
    ? shown.map(([value, name]) => unit(value, name)).join(' ')
    : unit(0, 'second');
}

function list(items: string[], language: string, t: ReasonTranslate) {
  if (!items.length) return t('reasonParts.none');
  return (
    safely(() =>
      new Intl.ListFormat(language, { type: 'conjunction' }).format(items),
    ) ?? items.join(', ')
  );
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
        (typeof value === 'string' && clock(value, language)) ||
        t('reasonParts.unknownTime');
    } else if (key.endsWith('Ms') && typeof value === 'number') {
      out[key] = duration(value, language);
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
        duration: duration(Number(soakedMs[i] ?? 0), language),
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
