/** The secret the Kargo scaffolder actions read the person's ID token from. */
export const DEFAULT_SECRETS_KEY = 'kargoToken';

/** The field's name in templates: `ui:field: KargoIdentity`. */
export const KARGO_IDENTITY_FIELD_NAME = 'KargoIdentity';

/**
 * As whom the task will act in Kargo: `person` (the person's ID token is in
 * the task's secrets), `portal` (the instance writes with the portal's Kargo
 * API token) or `none` (no session with the instance's provider: Kargo writes
 * of the task are refused).
 *
 * @public
 */
export type KargoIdentityValue = 'person' | 'portal' | 'none';

/**
 * `ui:options` of the `KargoIdentity` field.
 *
 * @public
 */
export interface KargoIdentityFieldOptions {
  /** The Kargo instance the task writes to (default: the first). */
  instance?: string;
  /** The secret to put the ID token in (default `kargoToken`). */
  secretsKey?: string;
}
