import { Link } from '@backstage/core-components';
import Typography from '@material-ui/core/Typography';
import type {
  FreightChange,
  FreightOption,
} from '@kargo-backstage/plugin-kargo-common';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

const SHORT_SHA = 7;
const COMMIT_ID = /^[0-9a-f]{40,64}$/i;

/** A commit id short, as Git shows it; tags and versions as they are. */
const short = (version: string) =>
  COMMIT_ID.test(version) ? version.slice(0, SHORT_SHA) : version;

function ChangeLine(props: { change: FreightChange }) {
  const { change } = props;
  const { t } = useKargoTranslation();
  const words = {
    repository: change.repository,
    from: change.from ? short(change.from) : '',
    to: change.to ? short(change.to) : '',
  };
  let text: string;
  if (change.from === null) text = t('promote.changeAdded', words);
  else if (change.to === null) text = t('promote.changeDropped', words);
  else text = t('promote.change', words);
  return (
    <li>
      {text}
      {change.compareUrl && (
        <>
          {' '}
          <Link to={change.compareUrl}>{t('promote.compare')}</Link>
        </>
      )}
    </li>
  );
}

/** What the Freight holds: each commit (linked on its host), image and chart. */
function Contents(props: { option: FreightOption }) {
  const { t } = useKargoTranslation();
  const artifacts = props.option.artifacts;
  if (!artifacts) return null;
  const items = [
    ...artifacts.commits.map(c => {
      const id = c.id ? short(c.id) : '';
      return (
        <li key={`c-${c.repoURL}`}>
          {c.repoURL} @ {c.url ? <Link to={c.url}>{id}</Link> : id}
          {c.message ? ` ${c.message}` : ''}
        </li>
      );
    }),
    ...artifacts.images.map(i => (
      <li key={`i-${i.repoURL}`}>
        {i.repoURL}
        {i.tag ? `:${i.tag}` : ''}
        {i.digest ? ` (${i.digest})` : ''}
      </li>
    )),
    ...artifacts.charts.map(c => (
      <li key={`h-${c.repoURL}/${c.name}`}>
        {c.name ? `${c.repoURL}/${c.name}` : c.repoURL}
        {c.version ? ` ${c.version}` : ''}
      </li>
    )),
  ];
  if (!items.length) return null;
  return (
    <Typography variant="caption" color="textSecondary" component="div">
      <ul
        aria-label={t('promote.contents')}
        style={{ margin: 0, paddingLeft: 16, overflowWrap: 'anywhere' }}
      >
        {items}
      </ul>
    </Typography>
  );
}

/**
 * What promoting a Freight would change from the Stage's current one
 * (image a -> b, commit range with the host's compare page, chart a -> b),
 * as Kargo v1.11's promote drawer shows it; the current Freight shows what
 * it holds.
 */
export function FreightChanges(props: { option: FreightOption }) {
  const { option } = props;
  const { t } = useKargoTranslation();
  if (!option.changes) return <Contents option={option} />;
  if (!option.changes.length) {
    return (
      <Typography variant="caption" color="textSecondary" component="div">
        {t('promote.noChanges')}
      </Typography>
    );
  }
  return (
    <Typography variant="caption" component="div">
      <ul
        aria-label={t('promote.changes', {
          freight: option.alias ?? option.name,
        })}
        style={{ margin: 0, paddingLeft: 16 }}
      >
        {option.changes.map(change => (
          <ChangeLine
            key={`${change.kind}-${change.repository}`}
            change={change}
          />
        ))}
      </ul>
    </Typography>
  );
}
