import { formatEnglishDuration, formatUtcClock } from '../util/time';
import type { Reason } from './reasons';
import {
  interpolate,
  REASON_PART_TEMPLATES,
  type ReasonPart,
} from './templates';

/**
 * How a reader's language words the data of a reason: the API's English in
 * UTC (`reasonMessage`), or the frontend's formatters in the
 * viewer's language and time zone.
 *
 * @public
 */
export interface ReasonFormatters {
  /** A time (RFC 3339), or undefined when it cannot be read. */
  clock(time: string): string | undefined;
  /** A duration in milliseconds. */
  duration(ms: number): string;
  /** A non-empty list: `a, b` or `a, b and c`. */
  list(items: string[]): string;
  /** A part of {@link REASON_PART_TEMPLATES} with its values filled. */
  part(part: ReasonPart, values?: Record<string, string>): string;
}

/** The English of API answers, logs and MCP actions: times in UTC. */
export const ENGLISH_FORMATTERS: ReasonFormatters = {
  clock: time => formatUtcClock(time),
  duration: formatEnglishDuration,
  list: items => items.join(', '),
  part: (part, values = {}) => interpolate(REASON_PART_TEMPLATES[part], values),
};

const LOCATIONS: Record<string, ReasonPart> = {
  path: 'locationPath',
  query: 'locationQuery',
  body: 'locationBody',
};

/**
 * The placeholder values of a reason's template ({@link REASON_TEMPLATES}),
 * worded by `formatters`: a param ending in `Time` is a clock time, one ending
 * in `Ms` a duration, a list is a list (`none` when empty) ending with how
 * many more its `<name>More` counts; `soaking` words
 * each upstream Stage with its soaked time as `soaked`; `invalidRequest` words
 * its `location`. Params arrive over the wire, so any value is tolerated.
 *
 * @public
 */
export function reasonValues(
  reason: Reason,
  formatters: ReasonFormatters,
): Record<string, string> {
  const { part } = formatters;
  const params: Record<string, unknown> = { ...(reason.params ?? {}) };
  // A list `<key>` names its first items; `<key>More` counts the others.
  const more: Record<string, unknown> = {};
  for (const key of Object.keys(params)) {
    const listKey = key.slice(0, -'More'.length);
    if (key.endsWith('More') && Array.isArray(params[listKey])) {
      more[listKey] = params[key];
      delete params[key];
    }
  }
  const list = (items: string[], key: string) => {
    const count = more[key];
    const all =
      typeof count === 'number' && count > 0
        ? [...items, part('more', { count: String(count) })]
        : items;
    return all.length ? formatters.list(all) : part('none');
  };
  const values: Record<string, string> = {};

  if (reason.code === 'soaking') {
    const soaking = asArray(params.soaking);
    const soakedMs = asArray(params.soakedMs);
    values.soaked = list(
      soaking.map((stage, i) =>
        part('soakedIn', {
          duration: formatters.duration(Number(soakedMs[i] ?? 0)),
          stage: String(stage),
        }),
      ),
      'soaking',
    );
    delete params.soaking;
    delete params.soakedMs;
  }
  if (reason.code === 'invalidRequest') {
    const location = LOCATIONS[String(params.location)];
    values.location = location ? part(location) : String(params.location);
    delete params.location;
  }

  for (const [key, value] of Object.entries(params)) {
    if (key.endsWith('Time')) {
      values[key] =
        (typeof value === 'string' && formatters.clock(value)) ||
        part('unknownTime');
    } else if (key.endsWith('Ms') && typeof value === 'number') {
      values[key] = formatters.duration(value);
    } else if (Array.isArray(value)) {
      values[key] = list(value.map(String), key);
    } else {
      values[key] = value === null || value === undefined ? '' : String(value);
    }
  }
  return values;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
