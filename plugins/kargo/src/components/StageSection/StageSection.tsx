import { InfoCard, Link, WarningPanel } from '@backstage/core-components';
import { useTranslationRef } from '@backstage/core-plugin-api/alpha';
import Box from '@material-ui/core/Box';
import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import { kargoTranslationRef } from '../../translation';
import { formatDateTime } from '../../utils/format';
import { FreightSummaryView } from '../FreightSummaryView';
import { PullRequestsTable } from '../PullRequestsTable';
import { StageActionButton, type StageAction } from '../StageActionButton';
import { StageChips } from '../StageChips';
import { VerificationHistoryTable } from '../VerificationHistoryTable';

/** `checkout/staging`, plus the instance when the page spans several. */
export function stageTitle(stage: StageDetail, showInstance: boolean): string {
  const name = `${stage.project}/${stage.name}`;
  return showInstance ? `${name} (${stage.instance})` : name;
}

/** Everything about one Stage: chips, freight, verifications, pull requests, actions. */
export function StageSection(props: {
  stage: StageDetail;
  showInstance?: boolean;
  onActionDone?: (stage: StageDetail, action: StageAction) => void;
}) {
  const { stage, showInstance = false, onActionDone } = props;
  const { t } = useTranslationRef(kargoTranslationRef);
  const title = stageTitle(stage, showInstance);

  return (
    <section aria-label={title}>
      <InfoCard
        title={title}
        subheader={
          <Box display="flex" style={{ gap: 8 }} mt={1}>
            <StageChips stage={stage} />
          </Box>
        }
        action={
          <Box display="flex" alignItems="center" style={{ gap: 8 }}>
            {stage.kargoUrl && (
              <Link to={stage.kargoUrl}>{t('stage.openInKargo')}</Link>
            )}
            <StageActionButton
              stage={stage}
              action="reverify"
              onDone={onActionDone}
            />
            <StageActionButton
              stage={stage}
              action="abort"
              onDone={onActionDone}
            />
          </Box>
        }
      >
        {stage.error && (
          <Box mb={2}>
            <WarningPanel
              severity="error"
              title={t('states.stageError')}
              message={stage.error}
              defaultExpanded
            />
          </Box>
        )}
        {stage.pullRequestErrors.map(e => (
          <Box mb={2} key={e.repoUrl}>
            <WarningPanel
              severity="warning"
              title={t('stage.pullRequestError', { repo: e.repoUrl })}
              // A rate limit is worded here, in the viewer's time zone; the
              // backend's English message says the same in UTC.
              message={
                e.rateLimitedUntil
                  ? t('stage.rateLimitedUntil', {
                      time:
                        formatDateTime(e.rateLimitedUntil) ??
                        e.rateLimitedUntil,
                    })
                  : e.message
              }
              defaultExpanded
            />
          </Box>
        ))}
        <FreightSummaryView freight={stage.currentFreight} />
        <Box mt={2}>
          <VerificationHistoryTable stage={stage} />
        </Box>
        <Box mt={2}>
          <PullRequestsTable pullRequests={stage.pullRequests} />
        </Box>
      </InfoCard>
    </section>
  );
}
