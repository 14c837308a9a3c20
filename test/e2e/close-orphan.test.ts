/*
 * Orphaned pull requests closed from the Kargo tab (issue 34 item 3): the
 * orphaned PR #41 of checkout/prod gets Close and Close and delete branch;
 * the PR #42 a running Promotion waits on gets neither. What the provider
 * holds is read back from the sandbox's GitHub API.
 */
import { createHmac } from 'node:crypto';
import { test, expect } from '@playwright/test';
import {
  dataRows,
  openKargoTab,
  pullRequestsTable,
  SANDBOX_URL,
  stageSection,
} from './support';

const GITHUB_API = `${SANDBOX_URL}/github/api/v3/repos/acme/checkout-deploy`;
const GITHUB_TOKEN = 'sandbox-github-token';
// The demo's events webhook secret (app-config.yaml).
const WEBHOOK_SECRET = 'demo-github-webhook-secret';
const BACKEND_URL = 'http://127.0.0.1:7007';

async function github(path: string, init: RequestInit = {}) {
  const res = await fetch(`${GITHUB_API}${path}`, {
    ...init,
    headers: {
      Authorization: `token ${GITHUB_TOKEN}`,
      Accept: 'application/vnd.github+json',
      'Content-Type': 'application/json',
    },
  });
  if (!res.ok) throw new Error(`GitHub ${path}: ${res.status}`);
  return res.json();
}

let closed = false;

test('alice closes the orphaned PR #41 of checkout/prod from the tab; the PR a Promotion waits on offers no Close', async ({
  page,
}) => {
  expect((await github('/pulls/41')).state).toBe('open');
  await openKargoTab(page, 'checkout-service', 'alice');
  const prs = pullRequestsTable(stageSection(page, 'checkout/prod'));
  const orphan = dataRows(prs).filter({
    has: page.getByRole('link', { name: /^#41\b/ }),
  });
  const waitedOn = dataRows(prs).filter({
    has: page.getByRole('link', { name: /^#42\b/ }),
  });
  await expect(orphan).toBeVisible();
  await expect(waitedOn).toBeVisible();
  // #42's branch is the running Promotion's: nothing to close there.
  await expect(waitedOn.getByRole('button', { name: /^Close/ })).toHaveCount(0);
  // #41's branch is its failed Promotion's own: it may be deleted too.
  await expect(
    orphan.getByRole('button', {
      name: /^Close .*#41 and delete branch kargo\/promotion\/prod\./,
    }),
  ).toBeEnabled();

  await orphan.getByRole('button', { name: /^Close .*#41$/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Close .*41\?$/ });
  await expect(dialog).toContainText('Promote');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  closed = true;
  await expect(page.getByText(/^Closed .*41$/)).toBeVisible();

  // GitHub holds it closed, and the tab no longer lists it as open.
  expect((await github('/pulls/41')).state).toBe('closed');
  await expect(orphan).toHaveCount(0, { timeout: 30_000 });
  await expect(waitedOn).toBeVisible();
});

// The demo stays as the other tests expect it: #41 reopened on GitHub, and
// GitHub's pull_request event (signed as GitHub does) tells the portal.
test.afterEach(async () => {
  if (!closed) return;
  await github('/pulls/41', {
    method: 'PATCH',
    body: JSON.stringify({ state: 'open' }),
  });
  const body = JSON.stringify({
    action: 'reopened',
    number: 41,
    repository: { html_url: 'https://github.com/acme/checkout-deploy' },
  });
  const res = await fetch(`${BACKEND_URL}/api/events/http/github`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'pull_request',
      'x-hub-signature-256': `sha256=${createHmac('sha256', WEBHOOK_SECRET)
        .update(body)
        .digest('hex')}`,
    },
    body,
  });
  if (!res.ok) throw new Error(`webhook: ${res.status}`);
  closed = false;
});
