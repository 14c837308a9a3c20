import { redactCredentials } from '@kargo-backstage/plugin-kargo-common';

/**
 * A cluster's error text as a response may carry it: credentials a proxy
 * echoed are removed, and it is cut to 300 characters.
 */
export function redactClusterText(text: string): string {
  const redacted = redactCredentials(text);
  return redacted.length > 300 ? `${redacted.slice(0, 300)}…` : redacted;
}
