import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import type { Response } from 'express';
import {
  servedFields,
  type FoundProject,
} from '../services/snapshot/queries/lookup';

/**
 * How many Stages' serialisations are kept: the Kargo tabs of ~20 entities of
 * 50 Stages (~20 KB of JSON each, so at most ~25 MB).
 */
const KEPT = 1000;
/**
 * Characters kept at most, all serialisations together: a project member's
 * Stages may be far larger than ~20 KB (each within its parts' budgets, up
 * to megabytes), and 1,000 of them kept gigabytes. A larger one is
 * serialised again when served again.
 */
const KEPT_CHARS = 64 * 1_048_576;

/** Snapshot Stage -> its JSON without the fields `served` sets and without the closing brace. */
const kept = new Map<StageDetail, string>();
let keptChars = 0;

function bodyOf(stage: StageDetail): string {
  const cached = kept.get(stage);
  if (cached !== undefined) return cached;
  const { lastUpdated: _l, stale: _s, error: _e, ...rest } = stage;
  const body = JSON.stringify(rest).slice(0, -1);
  if (body.length > KEPT_CHARS / 8) return body;
  kept.set(stage, body);
  keptChars += body.length;
  // Oldest first: Map keeps insertion order.
  while (kept.size > KEPT || keptChars > KEPT_CHARS) {
    const oldest = kept.keys().next().value!;
    keptChars -= kept.get(oldest)!.length;
    kept.delete(oldest);
  }
  return body;
}

/**
 * `JSON.stringify(served(found, stage))`, field order aside. A refresh builds
 * new detail objects and never changes one it served, so the serialisation of
 * a snapshot Stage (~20 KB: its verifications and their metrics) is done once
 * and kept; per request only the freshness fields are written. The entity
 * route answers 50 Stages at a time: serialising them on every request was
 * most of its time.
 */
export function servedJson(found: FoundProject, stage: StageDetail): string {
  const body = bodyOf(stage);
  const fields = JSON.stringify(servedFields(found, stage)).slice(1);
  return body.length > 1 ? `${body},${fields}` : `{${fields}`;
}

/**
 * Sends JSON text already serialised (the typed router's `send` takes the
 * response object; this is the same body, written once).
 */
export function sendJsonText(res: unknown, text: string): void {
  (res as Response).type('application/json').send(text);
}
