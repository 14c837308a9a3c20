/** Names and labels exactly as Kargo writes them. */
import { createHash } from 'node:crypto';
import { ulid } from 'ulid';

/**
 * Kargo's `kubernetes.ShortenLabelValue`: names over 63 characters become the
 * first 54 characters (trailing dashes trimmed) + '-' + 8 hex of sha256.
 */
export function shortenLabelValue(value: string): string {
  if (value.length <= 63) return value;
  const prefix = value.slice(0, 54).replace(/-+$/, '');
  const hash = createHash('sha256').update(value).digest('hex').slice(0, 8);
  return `${prefix}-${hash}`;
}

/** `<stage>.<ulid>.<collection id>`, lower-cased (Kargo v1.1+). */
export function analysisRunName(stage: string, collectionId: string): string {
  return `${stage}.${ulid()}.${collectionId}`.toLowerCase();
}

/** `FreightCollection.ID`: sha1 of the sorted Freight names joined by ','. */
export function freightCollectionId(freightNames: string[]): string {
  return createHash('sha1')
    .update([...freightNames].sort().join(','))
    .digest('hex');
}

/** Kargo's `kargo/promotion/<promotion>` branch of `git-push` generateTargetBranch. */
export function promotionBranch(promotion: string): string {
  return `kargo/promotion/${promotion}`;
}

/** RFC 3339 without fractional seconds, as Kubernetes' metav1.Time marshals. */
export function nowTime(now = new Date()): string {
  return now.toISOString().replace(/\.\d+Z$/, 'Z');
}

/** Parses a reverify / abort annotation: JSON VerificationRequest or a bare id. */
export function parseVerificationRequest(
  value: string | undefined,
): { id: string; actor?: string; controlPlane?: boolean } | undefined {
  if (!value) return undefined;
  let req:
    | { id?: unknown; actor?: unknown; controlPlane?: unknown }
    | undefined;
  try {
    const parsed = JSON.parse(value);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      req = parsed;
  } catch {
    // Not JSON: Kargo takes the whole value as the id.
  }
  if (!req) return value.trim() ? { id: value.trim() } : undefined;
  if (typeof req.id !== 'string' || !req.id) return undefined;
  return {
    id: req.id,
    actor: typeof req.actor === 'string' ? req.actor : undefined,
    controlPlane: req.controlPlane === true,
  };
}
