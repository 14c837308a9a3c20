/**
 * The Kargo sandbox: a Kubernetes API with Kargo's CRDs plus GitHub and GitLab
 * REST APIs on loopback.
 */
export const SANDBOX_NAME = 'kargo-sandbox';
