/**
 * A branch name as Git (`git check-ref-format --branch`) and the providers
 * accept it, with a `refs/heads/` prefix removed. Undefined for anything
 * else, notably `owner:branch` (a fork head on GitHub), other `refs/`
 * namespaces, `..`, `@{`, control characters, spaces and `~^?*[\`.
 *
 * @public
 */
export function normalizeBranchName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const name = value.startsWith('refs/heads/')
    ? value.slice('refs/heads/'.length)
    : value;
  if (!name || name.length > 255 || name === '@') return undefined;
  if (name.startsWith('refs/') || name.startsWith('-')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x20\x7f~^:?*[\\]|\.\.|@\{|\/\/|^\/|\/$|\.$/.test(name)) {
    return undefined;
  }
  const parts = name.split('/');
  if (parts.some(p => p.startsWith('.') || p.endsWith('.lock'))) {
    return undefined;
  }
  return name;
}
