/*
 * Promotions the browser tests need in the sandbox (not a test file).
 */
import {
  SANDBOX_ADMIN_TOKEN,
  SANDBOX_KARGO_API_TOKEN,
  SANDBOX_URL,
  sandboxGet,
} from './support';

const API = '/apis/kargo.akuity.io/v1alpha1/namespaces';

async function send(method: string, path: string, body: unknown, type: string) {
  const res = await fetch(`${SANDBOX_URL}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${SANDBOX_ADMIN_TOKEN}`,
      'Content-Type': type,
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
  return res.json();
}

/**
 * Creates a Promotion of the Stage's current Freight with the Stage's own
 * steps, held Running at its first step by the sandbox's
 * `sandbox.kargo.io/promotion-hold` (a Promotion that really runs, until
 * aborted). Returns its name.
 */
export async function createHeldPromotion(
  project: string,
  stage: string,
): Promise<string> {
  const s = await sandboxGet(`${API}/${project}/stages/${stage}`);
  const freight = Object.values<any>(s.status.freightHistory[0].items)[0]
    .name as string;
  // Kargo's admission webhook refuses a Promotion of a Freight not available
  // to the Stage: approve it for the Stage first, through Kargo's API with
  // the portal's token (as a person would from Kargo's UI).
  const approved = await fetch(
    `${SANDBOX_URL}/kargo-api/v1beta1/projects/${project}/freight/${freight}/approve?stage=${stage}`,
    {
      method: 'POST',
      headers: { Authorization: `Bearer ${SANDBOX_KARGO_API_TOKEN}` },
    },
  );
  if (!approved.ok && approved.status !== 409) {
    throw new Error(`approve ${freight} for ${stage}: ${approved.status}`);
  }
  const name = `${stage}.01jheld${Date.now().toString(36)}.${freight.slice(
    0,
    7,
  )}`;
  const created = await send(
    'POST',
    `${API}/${project}/promotions`,
    {
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Promotion',
      metadata: {
        name,
        annotations: { 'sandbox.kargo.io/promotion-hold': 'true' },
      },
      spec: { stage, freight, steps: s.spec.promotionTemplate.spec.steps },
    },
    'application/json',
  );
  // Kargo's admission webhook names a new Promotion itself
  // (<stage>.<ulid>.<freight>): the name is the one the API answers with.
  return created.metadata.name;
}

/** Asks Kargo to abort a Promotion, as an admin with kubectl would. */
export async function requestAbort(project: string, name: string) {
  await send(
    'PATCH',
    `${API}/${project}/promotions/${name}`,
    { metadata: { annotations: { 'kargo.akuity.io/abort': 'terminate' } } },
    'application/merge-patch+json',
  );
}
