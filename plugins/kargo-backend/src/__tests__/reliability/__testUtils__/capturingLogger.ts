import type { RootLoggerService } from '@backstage/backend-plugin-api';
import type { JsonObject } from '@backstage/types';

/** Everything the backend logged, as the text a log shipper would see. */
export class LogCapture {
  readonly lines: string[] = [];

  write(level: string, message: string, meta: JsonObject | Error | undefined) {
    let extra = '';
    if (meta instanceof Error) {
      extra = `${meta.name}: ${meta.message}\n${meta.stack ?? ''}`;
    } else if (meta !== undefined) {
      extra = JSON.stringify(meta, (_k, v) =>
        v instanceof Error
          ? { name: v.name, message: v.message, stack: v.stack }
          : v,
      );
    }
    this.lines.push(`${level} ${message} ${extra}`.trim());
  }

  /** Lines containing any of the needles. */
  containing(needles: string[]): string[] {
    return this.lines.filter(line => needles.some(n => line.includes(n)));
  }
}

/**
 * A root logger (so every plugin and core service logger derives from it)
 * that records each line with its metadata, including the error objects the
 * HTTP error middleware logs.
 */
export function capturingRootLogger(
  capture: LogCapture,
  fields: JsonObject = {},
): RootLoggerService {
  const log =
    (level: string) => (message: string, meta?: JsonObject | Error) => {
      const merged = meta instanceof Error ? meta : { ...fields, ...meta };
      capture.write(level, message, merged);
    };
  return {
    error: log('error'),
    warn: log('warn'),
    info: log('info'),
    debug: log('debug'),
    child: (meta: JsonObject) =>
      capturingRootLogger(capture, { ...fields, ...meta }),
  };
}
