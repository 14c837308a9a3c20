import { EmptyState, WarningPanel } from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import type { EntityStagesResponse } from '@kargo-backstage/plugin-kargo-common';
import { useFormatters } from '../../hooks/useFormatters';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

/** The banner shown when the backend answers from an old snapshot. */
function StaleBanner(props: { response: EntityStagesResponse }) {
  const { response } = props;
  const { t } = useKargoTranslation();
  const format = useFormatters();
  if (!response.stale) return null;
  const time = format.dateTime(response.lastUpdated);
  return (
    <Box mb={2}>
      <WarningPanel
        severity="warning"
        title={
          time
            ? t('states.staleBanner', { time })
            : t('states.staleBannerUnknown')
        }
        message={t('states.staleMessage')}
      />
    </Box>
  );
}

/** Projects the entity names that could not be read; the rest still renders. */
function ProjectErrors(props: { response: EntityStagesResponse }) {
  const { t } = useKargoTranslation();
  return (
    <>
      {props.response.errors.map((e, i) => (
        <Box mb={2} key={`${e.instance}/${e.project}/${i}`}>
          <WarningPanel
            severity="error"
            title={t('states.projectError', {
              project: e.project,
              instance: e.instance,
            })}
            message={e.message}
            defaultExpanded
          />
        </Box>
      ))}
    </>
  );
}

/** No Stages and no errors: say so instead of an empty page. */
function NoStages() {
  const { t } = useKargoTranslation();
  return (
    <EmptyState
      missing="data"
      title={t('states.emptyTitle')}
      description={t('states.emptyDescription')}
    />
  );
}

/**
 * What an answer says besides its Stages: stale data, projects that failed to
 * load, and "no Stages" when there is neither a Stage nor an error.
 */
export function ResponseNotices(props: { response: EntityStagesResponse }) {
  const { response } = props;
  return (
    <>
      <StaleBanner response={response} />
      <ProjectErrors response={response} />
      {response.items.length === 0 && response.errors.length === 0 && (
        <NoStages />
      )}
    </>
  );
}
