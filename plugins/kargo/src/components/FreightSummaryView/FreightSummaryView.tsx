import Typography from '@material-ui/core/Typography';
import type { FreightSummary } from '@kargo-backstage/plugin-kargo-common';
import { shortRepo, shortSha } from '../../utils/format';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

/** The Stage's current Freight: alias, commits, image tags, chart versions. */
export function FreightSummaryView(props: { freight: FreightSummary | null }) {
  const { freight } = props;
  const { t } = useKargoTranslation();
  if (!freight) {
    return <Typography variant="body2">{t('stage.noFreight')}</Typography>;
  }
  const lines = [
    ...freight.commits.map(c => {
      const ref = [shortSha(c.id), c.tag].filter(Boolean).join(' ');
      return `${shortRepo(c.repoURL)} @ ${ref || c.branch || '?'}`;
    }),
    ...freight.images.map(
      i => `${shortRepo(i.repoURL)}:${i.tag ?? i.digest?.slice(0, 19) ?? '?'}`,
    ),
    ...freight.charts.map(
      c => `${c.name ?? shortRepo(c.repoURL)} ${c.version ?? '?'}`,
    ),
  ];
  return (
    <div>
      <Typography variant="subtitle2" component="h3">
        {t('stage.currentFreight')}: {freight.alias ?? freight.name}
      </Typography>
      <ul aria-label={t('stage.currentFreight')}>
        {lines.map(line => (
          <li key={line}>
            <Typography variant="body2" component="span">
              {line}
            </Typography>
          </li>
        ))}
      </ul>
    </div>
  );
}
