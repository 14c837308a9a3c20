import { sha256Hex } from '../util/hash';
import { isValidDnsLabel, isValidKubernetesName } from '../validation';

const MAX_NAME = 63;
const HASH_LENGTH = 8;

/**
 * The catalog name of the Resource entity of a Kargo Stage, unique across
 * instances and Projects and valid for the catalog (at most 63 characters of
 * `[A-Za-z0-9]` separated by `-`, `_` or `.`).
 *
 * Plain scheme: `<instance>.<project>.<stage>`. Instance names (when they are
 * DNS labels) and Project names (namespaces) contain no dot, so the first two
 * dots always split the triple back: `a-b`+`c` and `a`+`b-c` cannot collide
 * as they would with dashes. Stage names may contain dots; they come last.
 *
 * Hashed scheme, when the plain one would be longer than 63 characters or the
 * instance name is not a lower-case DNS label (e.g. `Production`): a readable
 * prefix (the plain name lower-cased, characters other than `[a-z0-9.-]`
 * replaced by `-`, cut to 54) + `_` + the first 8 hex digits of the SHA-256 of
 * the exact triple. The `_` cannot occur in a plain name, so the schemes
 * never collide; two hashed names collide only on a 32-bit hash collision.
 *
 * @public
 */
export function stageEntityName(
  instance: string,
  project: string,
  stage: string,
): string {
  const plain = `${instance}.${project}.${stage}`;
  if (
    plain.length <= MAX_NAME &&
    isValidDnsLabel(instance) &&
    isValidDnsLabel(project) &&
    isValidKubernetesName(stage)
  ) {
    return plain;
  }
  const hash = sha256Hex(JSON.stringify([instance, project, stage])).slice(
    0,
    HASH_LENGTH,
  );
  const prefix = plain
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-')
    .slice(0, MAX_NAME - HASH_LENGTH - 1)
    .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
  return prefix ? `${prefix}_${hash}` : hash;
}
