const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/**
 * A Kubernetes object name (DNS-1123 subdomain): at most 253 characters,
 * lower-case alphanumerics, `-` and `.`, each dot-separated part starting and
 * ending with an alphanumeric. Stage and Promotion names follow this rule.
 *
 * @public
 */
export function isValidKubernetesName(name: unknown): name is string {
  return (
    typeof name === 'string' &&
    name.length >= 1 &&
    name.length <= 253 &&
    name.split('.').every(part => DNS1123_LABEL.test(part))
  );
}

/**
 * A DNS-1123 label: at most 63 characters, lower-case alphanumerics and `-`.
 * Namespaces, hence Kargo Project names, follow this stricter rule.
 *
 * @public
 */
export function isValidDnsLabel(name: unknown): name is string {
  return (
    typeof name === 'string' && name.length <= 63 && DNS1123_LABEL.test(name)
  );
}
