import type { Stage } from '../types';

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/**
 * The Warehouses a Stage requests Freight from (`spec.requestedFreight[]`
 * whose `origin.kind` is Warehouse), each once, in the Stage's order: what
 * "refresh the Stage's Warehouse" may touch.
 *
 * @public
 */
export function warehousesOfStage(stage: Stage): string[] {
  const names = asArray(stage.spec?.requestedFreight).flatMap(request => {
    const origin = (request as { origin?: { kind?: unknown; name?: unknown } })
      ?.origin;
    return origin?.kind === 'Warehouse' &&
      typeof origin.name === 'string' &&
      origin.name
      ? [origin.name]
      : [];
  });
  return [...new Set(names)];
}
