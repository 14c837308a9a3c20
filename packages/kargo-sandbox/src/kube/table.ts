/**
 * Server-side printing (`Accept: application/json;as=Table`), as kubectl asks
 * for it: columns from the CRD's additionalPrinterColumns, evaluated with the
 * small subset of JSONPath those columns use (`.a.b`, `\.` escapes, `[0]`,
 * `.*`, `[?(@.type=="Ready")]`).
 */
import { PrinterColumn, ResourceType } from './resources';
import { KubeObject } from './store';

export function wantsTable(accept: string | undefined): boolean {
  return Boolean(accept && /as=Table/.test(accept));
}

type Step =
  | { key: string }
  | { index: number }
  | { all: true }
  | { filter: [string, string] };

function parsePath(path: string): Step[] {
  const steps: Step[] = [];
  const re =
    /\.((?:\\\.|[^.[\\])+)|\[(\d+)\]|\[\*\]|\.\*|\[\?\(@\.(\w+)==["']([^"']*)["']\)\]/g;
  for (let m = re.exec(path); m; m = re.exec(path)) {
    if (m[0] === '.*' || m[0] === '[*]') steps.push({ all: true });
    else if (m[1] !== undefined)
      steps.push({ key: m[1].replace(/\\\./g, '.') });
    else if (m[2] !== undefined) steps.push({ index: Number(m[2]) });
    else steps.push({ filter: [m[3], m[4]] });
  }
  return steps;
}

export function evalJsonPath(obj: unknown, path: string): unknown[] {
  let current: unknown[] = [obj];
  for (const step of parsePath(path)) {
    const next: unknown[] = [];
    for (const v of current) {
      if (v === null || typeof v !== 'object') continue;
      if ('key' in step) next.push((v as Record<string, unknown>)[step.key]);
      else if ('index' in step)
        next.push(Array.isArray(v) ? v[step.index] : undefined);
      else if ('all' in step) next.push(...Object.values(v as object));
      else if (Array.isArray(v)) {
        next.push(
          ...v.filter(
            e =>
              e &&
              typeof e === 'object' &&
              String(e[step.filter[0]]) === step.filter[1],
          ),
        );
      }
    }
    current = next.filter(x => x !== undefined);
  }
  return current;
}

/** "3d4h" style ages, as kubectl's HumanDuration prints them (simplified). */
export function humanAge(since: string | undefined, now = Date.now()): string {
  if (!since) return '<unknown>';
  const s = Math.max(0, Math.floor((now - Date.parse(since)) / 1000));
  if (s < 120) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 10) return `${m}m${s % 60 ? `${s % 60}s` : ''}`;
  if (m < 180) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h}h`;
  const d = Math.floor(h / 24);
  return d < 8 ? `${d}d${h % 24 ? `${h % 24}h` : ''}` : `${d}d`;
}

function cell(obj: KubeObject, col: PrinterColumn): unknown {
  const values = evalJsonPath(obj, col.jsonPath);
  if (col.type === 'date') return humanAge(values[0] as string | undefined);
  if (values.length === 0) return null;
  return values
    .map(v => (typeof v === 'object' ? JSON.stringify(v) : String(v)))
    .join(',');
}

const DEFAULT_COLUMNS: PrinterColumn[] = [
  { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
];

export function asTable(
  rt: ResourceType,
  items: KubeObject[],
  metadata: Record<string, unknown>,
) {
  const columns = rt.printerColumns.length
    ? rt.printerColumns
    : DEFAULT_COLUMNS;
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata,
    columnDefinitions: [
      {
        name: 'Name',
        type: 'string',
        format: 'name',
        description: 'Name must be unique within a namespace.',
        priority: 0,
      },
      ...columns.map(c => ({
        name: c.name,
        type: c.type === 'date' ? 'string' : c.type,
        format: '',
        description: c.description ?? '',
        priority: c.priority ?? 0,
      })),
    ],
    rows: items.map(o => ({
      cells: [o.metadata.name, ...columns.map(c => cell(o, c))],
      object: {
        kind: 'PartialObjectMetadata',
        apiVersion: 'meta.k8s.io/v1',
        metadata: o.metadata,
      },
    })),
  };
}
