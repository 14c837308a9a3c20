import { sha256Hex } from '../util/hash';

const MAX_LABEL_VALUE = 63;
const SHORT_HASH_LENGTH = 8;

/**
 * The value Kargo writes in an AnalysisRun's `kargo.akuity.io/stage` label for
 * a Stage: Kargo's `kubernetes.ShortenLabelValue` (`strings.HashShorten` with
 * max 63, separator `-`, 8 hex digits). Names of at most 63 characters are
 * unchanged; longer ones become the first 54 characters with trailing dashes
 * trimmed, `-`, and the first 8 hex digits of the SHA-256 of the whole name.
 *
 * @public
 */
export function stageLabelValue(stageName: string): string {
  if (stageName.length <= MAX_LABEL_VALUE) return stageName;
  const hash = sha256Hex(stageName).slice(0, SHORT_HASH_LENGTH);
  const prefix = stageName
    .slice(0, MAX_LABEL_VALUE - (SHORT_HASH_LENGTH + 1))
    .replace(/-+$/, '');
  return `${prefix}-${hash}`;
}
