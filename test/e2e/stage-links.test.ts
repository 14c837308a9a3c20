/*
 * Links (issue 33 item 4): a Stage row shows the Argo CD Applications the
 * Stage updates, with the health and sync state Kargo's health check saw,
 * linked to Argo CD (kargo.instances[].argocd.url); its Links menu asks
 * Kargo's API, as the signed-in person, for the Stage's links Kargo resolves
 * from the ClusterConfig and the project's ProjectConfig.
 */
import { test, expect } from '@playwright/test';
import { openKargoTab, stageSection } from './support';

test("alice sees checkout/prod's Argo CD Application with its health and sync, and the Stage's links as Kargo resolves them", async ({
  page,
}) => {
  await openKargoTab(page, 'checkout-service', 'alice');
  const prod = stageSection(page, 'checkout/prod');

  const app = prod
    .getByRole('list', { name: 'Argo CD Applications' })
    .getByRole('link', { name: 'checkout-prod: Progressing, OutOfSync' });
  await expect(app).toBeVisible();
  await expect(app).toHaveAttribute(
    'href',
    'https://argocd.demo.example/applications/argocd/checkout-prod',
  );

  const opened = Date.now();
  await prod.getByRole('button', { name: 'Links of prod' }).click();
  const argocd = page.getByRole('menuitem', { name: /Argo CD Application/ });
  await expect(argocd).toBeVisible();
  console.log(
    `Links: Kargo's links shown ${Date.now() - opened} ms after opening`,
  );
  await expect(argocd).toHaveAttribute(
    'href',
    'https://argocd.demo.example/applications/argocd/checkout-prod',
  );
  // The ClusterConfig's link for every Stage, the ProjectConfig's dashboard for prod only.
  await expect(page.getByRole('menuitem', { name: /Runbook/ })).toHaveAttribute(
    'href',
    'https://runbooks.demo.example/kargo/checkout/prod',
  );
  await expect(page.getByRole('menuitem', { name: /Dashboard/ })).toBeVisible();
});
