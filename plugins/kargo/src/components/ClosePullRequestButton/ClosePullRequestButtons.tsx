import { useApi } from '@backstage/core-plugin-api';
import Box from '@material-ui/core/Box';
import DialogContentText from '@material-ui/core/DialogContentText';
import {
  pullRequestReference,
  type PullRequestInfo,
  type StageDetail,
} from '@kargo-backstage/plugin-kargo-common';
import { kargoApiRef } from '../../api';
import { usePullRequestClosePermission } from '../../hooks';
import { GuardedActionButton } from '../GuardedActionButton';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

/**
 * "Close" and, for a Promotion's own branch, "Close and delete branch" on an
 * orphaned PR/MR the backend marked closable: kargo.pullrequest.close, a
 * confirm dialog naming the PR's title, then the portal's Git identity (no
 * Kargo sign-in needed). The backend decides again from Kargo's objects and
 * the provider's listing; its refusal is shown in words.
 */
export function ClosePullRequestButtons(props: {
  stage: StageDetail;
  pr: PullRequestInfo;
}) {
  const { stage, pr } = props;
  const { t } = useKargoTranslation();
  const api = useApi(kargoApiRef);
  const permission = usePullRequestClosePermission(stage);
  const close = api.closePullRequest?.bind(api);
  if (!close || !pr.closable) return null;
  const words = {
    reference: pullRequestReference(pr.provider, pr.number),
    title: pr.title,
    branch: pr.sourceBranch,
    stage: `${stage.project}/${stage.name}`,
  };
  const button = (deleteBranch: boolean) => (
    <GuardedActionButton
      key={String(deleteBranch)}
      instance={stage.instance}
      needsKargoIdentity={false}
      label={t(
        deleteBranch
          ? 'closePullRequest.closeAndDelete'
          : 'closePullRequest.close',
      )}
      ariaLabel={t(
        deleteBranch
          ? 'closePullRequest.labelAndDelete'
          : 'closePullRequest.label',
        words,
      )}
      permission={permission}
      deniedReason={t('closePullRequest.notPermitted')}
      dialog={{
        titleId: `kargo-close-${stage.instance}-${stage.project}-${stage.name}-${pr.number}-${deleteBranch}`,
        title: t(
          deleteBranch
            ? 'closePullRequest.titleAndDelete'
            : 'closePullRequest.title',
          words,
        ),
        confirmLabel: t('closePullRequest.confirm'),
        body: (
          <DialogContentText>
            {t(
              deleteBranch
                ? 'closePullRequest.bodyAndDelete'
                : 'closePullRequest.body',
              words,
            )}
          </DialogContentText>
        ),
      }}
      run={() =>
        close({
          project: stage.project,
          stage: stage.name,
          instance: stage.instance,
          repoUrl: pr.repoUrl,
          number: pr.number,
          deleteBranch,
        })
      }
      succeeded={result =>
        result.deletedBranch
          ? t('closePullRequest.closedAndDeleted', {
              ...words,
              branch: result.deletedBranch,
            })
          : t('closePullRequest.closed', words)
      }
      failed={message => t('closePullRequest.failed', { ...words, message })}
    />
  );
  return (
    <Box display="flex" flexWrap="wrap" style={{ gap: 4 }}>
      {button(false)}
      {pr.closable === 'closeAndDeleteBranch' && button(true)}
    </Box>
  );
}
