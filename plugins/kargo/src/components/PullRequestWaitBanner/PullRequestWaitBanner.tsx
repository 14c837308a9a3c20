import { Link } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import Alert from '@material-ui/lab/Alert';
import {
  pullRequestTerms,
  type PullRequestWait,
} from '@kargo-backstage/plugin-kargo-common';
import { waitAge } from '../../utils/format';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

const AGE_KEYS = {
  minutes: 'waiting.minutes',
  hours: 'waiting.hours',
  days: 'waiting.days',
} as const;

/**
 * Says in words, at the top of a Stage, that a Promotion waits for a PR to
 * be merged and for how long, with the link: people miss that otherwise,
 * and Promotions queued behind it fail when it sits too long.
 */
export function PullRequestWaitBanner(props: {
  wait: PullRequestWait | null | undefined;
  now?: Date;
}) {
  const { wait, now = new Date() } = props;
  const { t } = useKargoTranslation();
  if (!wait) return null;
  const since = waitAge(wait.since, now);
  // In the app's language, with its plural rules ("3 days", "3 Tagen").
  const age = since ? t(AGE_KEYS[since.unit], { count: since.count }) : '?';
  const title =
    wait.number !== null
      ? t(
          pullRequestTerms(wait.provider ?? '').noun === 'mergeRequest'
            ? 'waiting.bannerMergeRequest'
            : 'waiting.banner',
          { number: String(wait.number), age },
        )
      : t('waiting.bannerNoNumber', { age });
  return (
    <Box mb={2}>
      <Alert severity="warning" role="status">
        <Typography variant="subtitle2" component="p">
          {title}
        </Typography>
        <Typography variant="body2" component="p">
          {t('waiting.detail', { promotion: wait.promotion })}
        </Typography>
        {wait.url && <Link to={wait.url}>{t('waiting.open')}</Link>}
      </Alert>
    </Box>
  );
}
