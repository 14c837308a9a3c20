import { InfoCard, Link, WarningPanel } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import { useEffect, useRef } from 'react';
import { useReasonText } from '../../hooks';
import { FreightSummaryView } from '../FreightSummaryView';
import { PromoteButton } from '../PromoteButton';
import { PromotionTimeline } from '../PromotionTimeline';
import { PullRequestsTable } from '../PullRequestsTable';
import { PullRequestWaitBanner } from '../PullRequestWaitBanner';
import { AutoPromotionStatus } from '../AutoPromotionStatus';
import { RefreshButton } from '../RefreshButton';
import { StageActionButton, type StageAction } from '../StageActionButton';
import { StageChips } from '../StageChips';
import { StageArgoCdApps, StageLinksButton } from '../StageLinks';
import { StageSummaryRow, useToggleFocusStyle } from '../StageSummaryRow';
import { VerificationHistoryTable } from '../VerificationHistoryTable';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

/** `checkout/staging`, plus the instance when the page spans several. */
export function stageTitle(stage: StageDetail, showInstance: boolean): string {
  const name = `${stage.project}/${stage.name}`;
  return showInstance ? `${name} (${stage.instance})` : name;
}

/** The DOM id of a Stage's section, for the pipeline overview's links. */
export function stageSectionId(stage: {
  instance: string;
  project: string;
  name: string;
}): string {
  return `kargo-stage-${stage.instance}-${stage.project}-${stage.name}`;
}

/**
 * One Stage. Collapsed (with `onToggle`): a compact summary row with the
 * actions. Open: everything, i.e. chips, a PR it waits on, freight and
 * actions up front, then Promotions, verifications and pull requests.
 */
export function StageSection(props: {
  stage: StageDetail;
  showInstance?: boolean;
  onActionDone?: (stage: StageDetail, action: StageAction) => void;
  /** Whether the details show (default: shown); collapsed needs `onToggle`. */
  expanded?: boolean;
  onToggle?: () => void;
}) {
  const {
    stage,
    showInstance = false,
    onActionDone,
    expanded = true,
    onToggle,
  } = props;
  const { t } = useKargoTranslation();
  const wordReason = useReasonText();
  const title = stageTitle(stage, showInstance);
  const detailsId = `${stageSectionId(stage)}-details`;
  // The toggle is replaced when the section opens or closes: keep the
  // keyboard focus on the control that replaced it.
  const sectionRef = useRef<HTMLElement>(null);
  const toggleFocus = useToggleFocusStyle();
  const toggled = useRef(false);
  useEffect(() => {
    if (!toggled.current) return;
    toggled.current = false;
    sectionRef.current
      ?.querySelector<HTMLElement>('button[aria-expanded]')
      ?.focus();
  }, [expanded]);
  const toggle = onToggle
    ? () => {
        toggled.current = true;
        onToggle();
      }
    : undefined;
  const actions = (
    <>
      <PromoteButton stage={stage} />
      <StageActionButton
        stage={stage}
        action="reverify"
        onDone={onActionDone}
      />
      <StageActionButton stage={stage} action="abort" onDone={onActionDone} />
      <RefreshButton stage={stage} />
    </>
  );

  if (toggle && !expanded) {
    return (
      <section aria-label={title} id={stageSectionId(stage)} ref={sectionRef}>
        <StageSummaryRow
          stage={stage}
          title={title}
          onExpand={toggle}
          actions={actions}
        />
      </section>
    );
  }
  return (
    <section aria-label={title} id={stageSectionId(stage)} ref={sectionRef}>
      <InfoCard
        title={title}
        subheader={
          <Box
            display="flex"
            flexWrap="wrap"
            alignItems="center"
            style={{ gap: 8 }}
            mt={1}
          >
            <StageChips stage={stage} />
            <AutoPromotionStatus stage={stage} />
            <StageArgoCdApps stage={stage} />
          </Box>
        }
        action={
          <Box display="flex" alignItems="center" style={{ gap: 8 }}>
            {stage.kargoUrl && (
              <Link to={stage.kargoUrl}>{t('stage.openInKargo')}</Link>
            )}
            <StageLinksButton stage={stage} />
            {actions}
          </Box>
        }
      >
        <PullRequestWaitBanner wait={stage.waitingOnPullRequest} />
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
              // Worded here from the provider's reason code (a rate limit's
              // reset in the viewer's time zone); the backend's English
              // message, in UTC, only without a code this UI knows.
              message={wordReason(e, null) ?? e.message}
              defaultExpanded
            />
          </Box>
        ))}
        <FreightSummaryView freight={stage.currentFreight} />
        {toggle && (
          <Button
            size="small"
            aria-expanded
            aria-controls={detailsId}
            onClick={toggle}
            {...toggleFocus}
          >
            {t('details.hide')}
          </Button>
        )}
        <Box id={detailsId}>
          <Box mt={2}>
            <PromotionTimeline stage={stage} />
          </Box>
          <Box mt={2}>
            <VerificationHistoryTable stage={stage} />
          </Box>
          <Box mt={2}>
            <PullRequestsTable
              pullRequests={stage.pullRequests}
              stage={stage}
            />
          </Box>
        </Box>
      </InfoCard>
    </section>
  );
}
