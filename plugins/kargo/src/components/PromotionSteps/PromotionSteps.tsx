import { Link } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import Table from '@material-ui/core/Table';
import TableBody from '@material-ui/core/TableBody';
import TableCell from '@material-ui/core/TableCell';
import TableHead from '@material-ui/core/TableHead';
import TableRow from '@material-ui/core/TableRow';
import Typography from '@material-ui/core/Typography';
import {
  isActivePhase,
  providerOfPullRequestUrl,
  pullRequestReference,
  type PromotionStepView,
  type PromotionTimelineEntry,
} from '@kargo-backstage/plugin-kargo-common';
import { useFormatters } from '../../hooks/useFormatters';
import { VerificationPhaseStatus } from '../VerificationPhaseStatus';
import { linkName } from './PromotionLinks';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

const SHORT_SHA = 7;
/**
 * Step links drawn in the drawer, all steps together (the first ones): the
 * backend keeps 50 per Promotion; an answer of more never draws thousands.
 */
const MAX_DRAWN_LINKS = 50;

/**
 * The PR, commit, branch and links a step recorded, as links where safe: its
 * first `linksShown` links, and how many more it holds.
 */
function StepOutputs(props: { step: PromotionStepView; linksShown: number }) {
  const { step, linksShown } = props;
  const { t } = useKargoTranslation();
  const items = [];
  if (step.pullRequest) {
    items.push(
      <Link key="pr" to={step.pullRequest.url}>
        {step.pullRequest.number !== null
          ? pullRequestReference(
              providerOfPullRequestUrl(step.pullRequest.url) ?? '',
              step.pullRequest.number,
            )
          : step.pullRequest.url}
      </Link>,
    );
  }
  if (step.commit) {
    const id = step.commit.id.slice(0, SHORT_SHA);
    items.push(
      step.commit.url ? (
        <Link key="commit" to={step.commit.url}>
          {t('steps.commit', { id })}
        </Link>
      ) : (
        <span key="commit" title={step.commit.id}>
          {t('steps.commit', { id })}
        </span>
      ),
    );
  }
  if (step.branch) {
    items.push(
      <span key="branch">{t('steps.branch', { branch: step.branch })}</span>,
    );
  }
  step.links.slice(0, linksShown).forEach((link, i) =>
    items.push(
      <Link key={`link-${i}`} to={link.url}>
        {linkName(link)}
      </Link>,
    ),
  );
  if (step.links.length > linksShown) {
    items.push(
      <Typography key="more" variant="body2" color="textSecondary">
        {t('steps.linksNotShown', { count: step.links.length - linksShown })}
      </Typography>,
    );
  }
  if (!items.length) return <>—</>;
  return (
    <Box display="flex" flexWrap="wrap" style={{ gap: 12 }}>
      {items}
    </Box>
  );
}

/** Headings, step names, kinds and times: never broken mid-word. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/**
 * Every step of a Promotion, as Kargo's step view shows it (akuity/kargo
 * v1.11.2 ui/src/features/stage/promotion-steps.tsx): alias and kind, how it
 * ran and when, why it failed, and what it recorded. A step without a status
 * has not run: it waits while the Promotion runs, and never will once it
 * ended.
 */
export function PromotionSteps(props: { promotion: PromotionTimelineEntry }) {
  const { promotion } = props;
  const { t } = useKargoTranslation();
  const format = useFormatters();
  const steps = promotion.steps ?? [];
  // How many of each step's links are drawn: the first MAX_DRAWN_LINKS.
  let linksLeft = MAX_DRAWN_LINKS;
  const linksShown = steps.map(step => {
    const shown = Math.min(step.links.length, linksLeft);
    linksLeft -= shown;
    return shown;
  });
  const notRun = isActivePhase(promotion.phase)
    ? t('steps.pending')
    : t('steps.notRun');
  if (!steps.length) {
    return (
      <Box px={2} py={1}>
        <Typography variant="body2">{t('steps.none')}</Typography>
      </Box>
    );
  }
  return (
    // Wider than the drawer on a narrow screen: it scrolls, never cut off.
    <Box px={2} pb={1} style={{ overflowX: 'auto' }}>
      <Table
        size="small"
        aria-label={t('steps.title', { name: promotion.name })}
      >
        <TableHead>
          <TableRow>
            <TableCell style={NO_WRAP}>{t('steps.step')}</TableCell>
            <TableCell style={NO_WRAP}>{t('steps.kind')}</TableCell>
            <TableCell style={NO_WRAP}>{t('steps.status')}</TableCell>
            <TableCell style={NO_WRAP}>{t('steps.started')}</TableCell>
            <TableCell style={NO_WRAP}>{t('steps.message')}</TableCell>
            <TableCell style={NO_WRAP}>{t('steps.outputs')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {steps.map((step, index) => {
            const took = format.span(step.startedAt, step.finishedAt);
            return (
              <TableRow key={`${index}-${step.alias}`}>
                <TableCell style={NO_WRAP}>{step.alias}</TableCell>
                <TableCell style={NO_WRAP}>
                  <code>{step.uses ?? '—'}</code>
                </TableCell>
                <TableCell>
                  {step.status ? (
                    <VerificationPhaseStatus phase={step.status} />
                  ) : (
                    <Typography variant="body2" color="textSecondary">
                      {notRun}
                    </Typography>
                  )}
                  {step.errorCount ? (
                    <Typography variant="caption" display="block">
                      {t('steps.errors', { count: step.errorCount })}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell style={NO_WRAP}>
                  {format.dateTime(step.startedAt) ?? '—'}
                  {took ? (
                    <Typography variant="caption" display="block">
                      {t('steps.took', { duration: took })}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>
                  {step.message ? (
                    <Typography
                      variant="body2"
                      color={
                        step.status && step.status !== 'Succeeded'
                          ? 'error'
                          : undefined
                      }
                      style={{ wordBreak: 'break-word', minWidth: 200 }}
                    >
                      {step.message}
                    </Typography>
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell style={{ overflowWrap: 'anywhere', minWidth: 160 }}>
                  <StepOutputs step={step} linksShown={linksShown[index]} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
