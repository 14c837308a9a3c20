/**
 * The frontend's one set of time, duration and list formatters, shared by the
 * Kargo components and the reason texts. Times are shown in the viewer's time
 * zone; the `language` variants word them in the viewer's language.
 */

function parse(iso: string | null | undefined): Date | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Whole hours, minutes and seconds of a (non-negative) number of seconds. */
function hms(totalSeconds: number) {
  const seconds = Math.max(0, totalSeconds);
  return {
    h: Math.floor(seconds / 3600),
    m: Math.floor((seconds % 3600) / 60),
    s: seconds % 60,
  };
}

function safely<T>(format: () => T): T | undefined {
  try {
    return format();
  } catch {
    return undefined; // an unknown locale or a value Intl refuses
  }
}

/** `10:42` (or `10:42 AM`) in the viewer's time zone and language. */
export function formatClock(
  iso: string | null | undefined,
  language: string,
): string | undefined {
  const date = parse(iso);
  if (!date) return undefined;
  return safely(() =>
    new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(date),
  );
}

/** `30 Nov 2026, 10:42` (`30.11.2026, 10:42` in German), in the viewer's time zone. */
export function formatDateTime(
  iso: string | null | undefined,
  language: string,
): string | undefined {
  const date = parse(iso);
  if (!date) return undefined;
  return safely(() =>
    new Intl.DateTimeFormat(language, {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(date),
  );
}

/** `1 hr 30 min`, `45 sec` in English; `1 Std. 30 Min.` in German. */
export function formatDuration(ms: number, language: string): string {
  const { h, m, s } = hms(Math.floor(ms / 1000));
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

/** The time between two instants ({@link formatDuration}), or undefined. */
export function formatSpan(
  startIso: string | null | undefined,
  endIso: string | null | undefined,
  language: string,
): string | undefined {
  const start = parse(startIso);
  const end = parse(endIso);
  if (!start || !end) return undefined;
  return formatDuration(end.getTime() - start.getTime(), language);
}

/** `a, b and c` in the viewer's language (`a, b, c` if Intl cannot). */
export function formatList(items: string[], language: string): string {
  return (
    safely(() =>
      new Intl.ListFormat(language, { type: 'conjunction' }).format(items),
    ) ?? items.join(', ')
  );
}

/** How long something has been open, in the one unit a person reads best. */
interface WaitAge {
  unit: 'minutes' | 'hours' | 'days';
  count: number;
}

/**
 * Whole minutes under an hour, whole hours under two days, else whole days
 * (`72h 5m` reads as 3 days). Undefined without both instants.
 */
export function waitAge(
  startIso: string | null | undefined,
  now: Date,
): WaitAge | undefined {
  const start = parse(startIso);
  if (!start) return undefined;
  const minutes = Math.max(
    0,
    Math.floor((now.getTime() - start.getTime()) / 60_000),
  );
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.floor(hours / 24) };
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** `3 days ago` (`vor 3 Tagen`), relative to `now`, in the viewer's language. */
export function formatAge(
  iso: string | null | undefined,
  language: string,
  now: Date = new Date(),
): string | undefined {
  const date = parse(iso);
  if (!date) return undefined;
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const rtf =
    safely(() => new Intl.RelativeTimeFormat(language, { numeric: 'auto' })) ??
    new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) {
      return rtf.format(Math.trunc(seconds / size), unit);
    }
  }
  return rtf.format(0, 'minute');
}

/** First 7 characters of a commit id, as Git shows it. */
export function shortSha(id: string | null | undefined): string | undefined {
  return id ? id.slice(0, 7) : undefined;
}

/** `github.com/acme/checkout-deploy` from a repository URL. */
export function shortRepo(url: string): string {
  return url.replace(/^[a-z]+:\/\//i, '').replace(/\.git$/, '');
}
