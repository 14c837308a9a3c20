import Chip from '@material-ui/core/Chip';
import IconButton from '@material-ui/core/IconButton';
import Paper from '@material-ui/core/Paper';
import Typography from '@material-ui/core/Typography';
import { makeStyles } from '@material-ui/core/styles';
import ChevronRightIcon from '@material-ui/icons/ChevronRight';
import {
  pullRequestTerms,
  type StageDetail,
} from '@kargo-backstage/plugin-kargo-common';
import type { ReactNode } from 'react';
import { AutoPromotionStatus } from '../AutoPromotionStatus';
import { StageChips } from '../StageChips';
import { StageArgoCdApps, StageLinksButton } from '../StageLinks';
import { TruncatedText } from '../TruncatedText';
import { VerificationPhaseStatus } from '../VerificationPhaseStatus';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

const useStyles = makeStyles(theme => ({
  focusVisible: {
    outline: `2px solid ${theme.palette.primary.main}`,
    outlineOffset: 2,
  },
}));

// Static classes, not Boxes: a Box makes a style rule per instance, and a
// large project shows 50 of these rows at once.
const useRowStyles = makeStyles(theme => ({
  row: {
    display: 'flex',
    alignItems: 'center',
    padding: theme.spacing(1),
    gap: 12,
  },
  main: { flex: 1, minWidth: 0 },
  heading: { display: 'flex', alignItems: 'baseline', gap: 16 },
  facts: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    marginTop: theme.spacing(0.5),
    gap: 8,
  },
  actions: { display: 'flex', alignItems: 'center', flexShrink: 0, gap: 8 },
}));

/**
 * Props of a Stage's expand/collapse button: an outline when focused from
 * the keyboard instead of MUI's focus ripple. The button is replaced when the
 * section opens or closes and the focus moves to its replacement right away;
 * a ripple asked to pulsate before it has mounted throws (MUI 4 ButtonBase).
 */
export function useToggleFocusStyle() {
  const classes = useStyles();
  return {
    disableFocusRipple: true,
    focusVisibleClassName: classes.focusVisible,
  } as const;
}

/** What waits on a PR, else how many are open (nothing when none are). */
function PullRequestIndicator(props: { stage: StageDetail }) {
  const { stage } = props;
  const { t } = useKargoTranslation();
  const wait = stage.waitingOnPullRequest;
  if (wait) {
    const label =
      wait.number !== null
        ? t(
            pullRequestTerms(wait.provider ?? '').noun === 'mergeRequest'
              ? 'summary.waitingOnMergeRequest'
              : 'summary.waitingOnPullRequest',
            { number: String(wait.number) },
          )
        : t('summary.waitingOnPullRequestNoNumber');
    return <Chip size="small" color="secondary" label={label} />;
  }
  if (stage.pullRequestsPending) {
    return (
      <Chip
        size="small"
        variant="outlined"
        label={t('card.pullRequestsPending')}
      />
    );
  }
  if (!stage.openPullRequests) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t('card.openPullRequests', { count: stage.openPullRequests })}
    />
  );
}

/**
 * A Stage at a glance, in one compact row: the expand control, its name and
 * Freight, phase, health and verification in words, what waits on a PR, and
 * the actions. Its details open on demand (the Stage section shows them).
 */
export function StageSummaryRow(props: {
  stage: StageDetail;
  title: string;
  onExpand: () => void;
  /** The Stage's actions, at the row's end. */
  actions?: ReactNode;
}) {
  const { stage, title, onExpand, actions } = props;
  const { t } = useKargoTranslation();
  const toggleFocus = useToggleFocusStyle();
  const classes = useRowStyles();
  const freight = stage.currentFreight;
  return (
    <Paper variant="outlined">
      <div className={classes.row}>
        <IconButton
          size="small"
          aria-label={t('details.show')}
          aria-expanded={false}
          onClick={onExpand}
          {...toggleFocus}
        >
          <ChevronRightIcon />
        </IconButton>
        <div className={classes.main}>
          <div className={classes.heading}>
            <Typography
              variant="h6"
              component="h3"
              noWrap
              title={title}
              style={{ minWidth: 0, flexShrink: 1 }}
            >
              {title}
            </Typography>
            <TruncatedText
              maxWidth={280}
              color="textSecondary"
              text={
                freight
                  ? t('summary.freight', {
                      freight: freight.alias ?? freight.name,
                    })
                  : t('stage.noFreight')
              }
            />
          </div>
          <div className={classes.facts}>
            <StageChips stage={stage} />
            <Typography variant="body2" component="span">
              {stage.verificationPhase === 'None' ? (
                t('verification.noVerification')
              ) : (
                <VerificationPhaseStatus phase={stage.verificationPhase}>
                  {t('pipeline.verification', {
                    phase: stage.verificationPhase,
                  })}
                </VerificationPhaseStatus>
              )}
            </Typography>
            <PullRequestIndicator stage={stage} />
            <AutoPromotionStatus stage={stage} />
            <StageArgoCdApps stage={stage} />
            {stage.error && (
              <Typography variant="body2" component="span" color="error">
                {t('states.stageError')}
              </Typography>
            )}
          </div>
        </div>
        <div className={classes.actions}>
          <StageLinksButton stage={stage} />
          {actions}
        </div>
      </div>
    </Paper>
  );
}
