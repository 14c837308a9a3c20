/** Helpers for tests that talk to a started sandbox over real HTTP. */
import type { Sandbox } from '../sandbox';

export const ADMIN = 'sandbox-admin-token';
export const READONLY = 'sandbox-readonly-token';

export async function call(
  sandbox: Sandbox,
  method: string,
  path: string,
  options: {
    token?: string;
    body?: unknown;
    contentType?: string;
    accept?: string;
  } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined)
    headers['content-type'] = options.contentType ?? 'application/json';
  if (options.accept) headers.accept = options.accept;
  const res = await fetch(`${sandbox.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body, headers: res.headers };
}

/** Polls until `check` returns a value (the controller runs on timers). */
export async function eventually<T>(
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 15000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v as T;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise(r => setTimeout(r, 20));
  }
}

export const STAGE_YAML = `
apiVersion: kargo.akuity.io/v1alpha1
kind: Project
metadata: {name: shop}
---
apiVersion: kargo.akuity.io/v1alpha1
kind: Stage
metadata: {name: dev, namespace: shop, labels: {tier: web}}
spec:
  requestedFreight:
  - origin: {kind: Warehouse, name: shop}
    sources: {direct: true}
---
apiVersion: kargo.akuity.io/v1alpha1
kind: Stage
metadata: {name: qa, namespace: shop, labels: {tier: api}}
spec:
  requestedFreight:
  - origin: {kind: Warehouse, name: shop}
    sources: {stages: [dev]}
---
apiVersion: kargo.akuity.io/v1alpha1
kind: Stage
metadata: {name: prod, namespace: shop}
spec:
  requestedFreight:
  - origin: {kind: Warehouse, name: shop}
    sources: {stages: [qa]}
`;
