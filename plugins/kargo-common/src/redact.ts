const PATTERNS: Array<[RegExp, string]> = [
  // `Authorization: Bearer x`, `authorization=x`, `"authorization":"x"`
  [
    /(authorization["']?\s*[:=]\s*["']?)(?:(bearer|basic)\s+)?[^\s"',;}]+/gi,
    '$1$2 [redacted]',
  ],
  [/\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [redacted]'],
  // `token=x`, `"access_token": "x"`, `password: x`, `client-secret=x`
  [
    /((?:access[_-]?|private[_-]?|id[_-]?|refresh[_-]?)?token|password|passwd|secret|client[_-]?secret|api[_-]?key)(["']?\s*[:=]\s*["']?)[^\s"',;&}]+/gi,
    '$1$2[redacted]',
  ],
  // JSON Web Tokens (Kubernetes service-account tokens are JWTs).
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, '[redacted]'],
];

/**
 * Text from a cluster, a proxy in front of it or a Git provider, with
 * anything shaped like a credential replaced by `[redacted]`: bearer and
 * basic credentials, Authorization headers, `token=` / `password=` style
 * pairs and JWTs. For messages that may reach a response, a log line or the
 * catalog; the exact configured tokens are removed where they are known.
 *
 * @public
 */
export function redactCredentials(text: string): string {
  return PATTERNS.reduce(
    (out, [pattern, replacement]) => out.replace(pattern, replacement),
    text,
  );
}
