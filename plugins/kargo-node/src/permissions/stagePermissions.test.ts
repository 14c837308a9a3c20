import { mockCredentials } from '@backstage/backend-test-utils';
import type { PermissionsService } from '@backstage/backend-plugin-api';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  kargoStagePromotePermission,
  kargoStageReadPermission,
} from '@kargo-backstage/plugin-kargo-common';
import {
  filterAuthorizedStages,
  requireStagePermission,
} from './stagePermissions';

/** Allows the Stages whose resource ref ends with one of `allowed`. */
function permissionsAllowing(...allowed: string[]): PermissionsService {
  return {
    authorize: async requests =>
      requests.map(r => ({
        result: allowed.some(a =>
          String((r as { resourceRef?: string }).resourceRef).endsWith(a),
        )
          ? AuthorizeResult.ALLOW
          : AuthorizeResult.DENY,
      })),
    authorizeConditional: async () => {
      throw new Error('not used');
    },
  } as PermissionsService;
}

const stage = (name: string) => ({
  instance: 'prod',
  project: 'checkout',
  name,
});

describe('requireStagePermission', () => {
  it('lets an allowed write through and names the permission and Stage when denied', async () => {
    const permissions = permissionsAllowing('/checkout/dev');
    const credentials = mockCredentials.user();
    await expect(
      requireStagePermission(
        permissions,
        kargoStagePromotePermission,
        stage('dev'),
        credentials,
      ),
    ).resolves.toBeUndefined();
    await expect(
      requireStagePermission(
        permissions,
        kargoStagePromotePermission,
        stage('prod'),
        credentials,
      ),
    ).rejects.toMatchObject({
      name: 'NotAllowedError',
      message:
        "Not allowed: kargo.stage.promote on Stage 'prod' of project 'checkout'",
    });
  });
});

describe('filterAuthorizedStages', () => {
  it('keeps only the Stages the caller may read, in order', async () => {
    const permissions = permissionsAllowing('/checkout/dev', '/checkout/prod');
    const kept = await filterAuthorizedStages(
      permissions,
      kargoStageReadPermission,
      [stage('dev'), stage('staging'), stage('prod')],
      mockCredentials.user(),
    );
    expect(kept.map(s => s.name)).toEqual(['dev', 'prod']);
  });
});
