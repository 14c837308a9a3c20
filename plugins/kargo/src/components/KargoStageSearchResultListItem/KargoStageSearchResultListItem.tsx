import { Link } from '@backstage/core-components';
import { useApi } from '@backstage/core-plugin-api';
import { catalogApiRef } from '@backstage/plugin-catalog-react';
import type {
  ResultHighlight,
  SearchDocument,
} from '@backstage/plugin-search-common';
import { HighlightedSearchResultText } from '@backstage/plugin-search-react';
import {
  entityRefFromCatalogLocation,
  kargoStageStatusFromAnnotations,
  type KargoStageStatus,
} from '@kargo-backstage/plugin-kargo-common';
import Box from '@material-ui/core/Box';
import Chip from '@material-ui/core/Chip';
import ListItemIcon from '@material-ui/core/ListItemIcon';
import ListItemText from '@material-ui/core/ListItemText';
import Typography from '@material-ui/core/Typography';
import type { ReactNode } from 'react';
import useAsync from 'react-use/esm/useAsync';
import { VerificationPhaseStatus } from '../VerificationPhaseStatus';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

/** Props of {@link KargoStageSearchResultListItem}, as Backstage's CatalogSearchResultListItem. @public */
export interface KargoStageSearchResultListItemProps {
  result?: SearchDocument;
  highlight?: ResultHighlight;
  rank?: number;
  icon?: ReactNode | ((result: SearchDocument) => ReactNode);
}

type AnnotatedDocument = SearchDocument & {
  annotations?: Record<string, string>;
  metadata?: { annotations?: Record<string, string> };
};

/**
 * The Stage's status: from the document when an entity transformer copied the
 * annotations into it, else from the entity itself (one catalog call).
 */
function useStageStatus(result: SearchDocument | undefined) {
  const catalogApi = useApi(catalogApiRef);
  const doc = result as AnnotatedDocument | undefined;
  const inDocument = kargoStageStatusFromAnnotations(
    doc?.annotations ?? doc?.metadata?.annotations,
  );
  const fromEntity = useAsync(async (): Promise<
    KargoStageStatus | undefined
  > => {
    if (inDocument || !result) return undefined;
    const ref = entityRefFromCatalogLocation(result.location);
    if (!ref) return undefined;
    const entity = await catalogApi.getEntityByRef(ref);
    return kargoStageStatusFromAnnotations(entity?.metadata.annotations);
  }, [result?.location, !!inDocument]);
  // What the document carries is shown at once, with no catalog call.
  return inDocument
    ? { loading: false, value: inDocument, error: undefined }
    : fromEntity;
}

function StageStatus(props: { status: KargoStageStatus }) {
  const { status } = props;
  const { t } = useKargoTranslation();
  return (
    <Box display="flex" alignItems="center" flexWrap="wrap" style={{ gap: 8 }}>
      <Typography variant="body2" component="span">
        {t('searchResult.verification')}
      </Typography>
      {status.phase === 'None' ? (
        <Typography variant="body2" component="span">
          {t('searchResult.noVerification')}
        </Typography>
      ) : (
        <VerificationPhaseStatus phase={status.phase} />
      )}
      {status.stale && <Chip size="small" label={t('searchResult.stale')} />}
      <Chip
        size="small"
        label={t('searchResult.openPullRequests', {
          count: status.openPullRequests,
        })}
      />
      {status.orphanedPullRequests > 0 && (
        <Chip
          size="small"
          color="secondary"
          label={t('searchResult.orphanedPullRequests', {
            count: status.orphanedPullRequests,
          })}
        />
      )}
    </Box>
  );
}

/**
 * A search result of a `kargo-stage` Resource: the Stage's title linked to its
 * catalog page, its current verification phase and its pull request counts.
 *
 * @public
 */
export function KargoStageSearchResultListItem(
  props: KargoStageSearchResultListItemProps,
) {
  const { result, highlight, icon } = props;
  const { t } = useKargoTranslation();
  const status = useStageStatus(result);
  if (!result) return null;
  const text = (field: 'title' | 'text', fallback: string) =>
    highlight?.fields[field] ? (
      <HighlightedSearchResultText
        text={highlight.fields[field]}
        preTag={highlight.preTag}
        postTag={highlight.postTag}
      />
    ) : (
      fallback
    );
  return (
    <Box display="flex">
      {icon && (
        <ListItemIcon>
          {typeof icon === 'function' ? icon(result) : icon}
        </ListItemIcon>
      )}
      <Box flexGrow={1}>
        <ListItemText
          primaryTypographyProps={{ variant: 'h6' }}
          primary={
            <Link noTrack to={result.location}>
              {text('title', result.title)}
            </Link>
          }
          secondary={text('text', result.text)}
        />
        {status.value && <StageStatus status={status.value} />}
        {(status.error || (!status.loading && !status.value)) && (
          <Typography variant="body2" color="textSecondary">
            {t('searchResult.statusUnavailable')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
