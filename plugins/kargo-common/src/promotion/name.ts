/**
 * Promotion names as Kargo generates them (`GeneratePromotionName` in
 * akuity/kargo `pkg/api/promotion.go`): `<stage>.<ulid>.<first 7 of freight>`,
 * lower-case. Kargo sorts Promotions by the embedded ULID, so a Promotion we
 * create must follow the same shape to be ordered correctly in Kargo's UI.
 */

/** Kubernetes' limit for object names (DNS subdomain). */
const MAX_NAME_LENGTH = 253;
const SEPARATOR = '.';
const SHORT_HASH_LENGTH = 7;

/**
 * Generates a Kargo Promotion name. The ULID is passed in so this stays pure;
 * callers use the `ulid` package.
 *
 * The stage part is cut so that the whole name fits in 253 characters, and
 * any `-` or `.` left at the cut is dropped: a name segment must end with an
 * alphanumeric character to be a valid DNS subdomain.
 *
 * @public
 */
export function generatePromotionName(
  stage: string,
  freightName: string,
  ulid: string,
): string {
  if (!stage || !freightName || !ulid) {
    throw new Error(
      'generatePromotionName needs a stage, a freight name and a ulid',
    );
  }
  const shortHash = freightName.slice(0, SHORT_HASH_LENGTH);
  const maxStageLength =
    MAX_NAME_LENGTH - SEPARATOR.length * 2 - ulid.length - shortHash.length;
  let stagePart = stage;
  if (stagePart.length > maxStageLength) {
    stagePart = stagePart.slice(0, maxStageLength).replace(/[-.]+$/, '');
  }
  return [stagePart, ulid, shortHash].join(SEPARATOR).toLowerCase();
}
