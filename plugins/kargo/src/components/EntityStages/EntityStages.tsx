import type { ReactNode } from 'react';
import {
  Progress,
  ResponseErrorPanel,
  WarningPanel,
} from '@backstage/core-components';
import Box from '@material-ui/core/Box';
import {
  MissingAnnotationEmptyState,
  useEntity,
} from '@backstage/plugin-catalog-react';
import {
  KARGO_ANNOTATIONS,
  type EntityStagesResponse,
  type StageDetail,
} from '@kargo-backstage/plugin-kargo-common';
import { isKargoAvailable } from '../../conditions';
import { useEntityStages, useErrorText } from '../../hooks';
import { useFormatters } from '../../hooks/useFormatters';
import type { StageAction } from '../StageActionButton';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

/** Renders a loaded answer; `onActionDone` watches the Stage acted on. */
type RenderEntityStages = (
  response: EntityStagesResponse,
  onActionDone: (stage: StageDetail, action: StageAction) => void,
) => ReactNode;

/** A failed refresh over data that is still shown. */
function RefreshFailedBanner(props: {
  error: Error;
  response: EntityStagesResponse;
}) {
  const { t } = useKargoTranslation();
  const message = useErrorText()(props.error);
  const time = useFormatters().dateTime(props.response.lastUpdated);
  return (
    <Box mb={2}>
      <WarningPanel
        severity="warning"
        title={
          time
            ? t('states.refreshFailed', { message, time })
            : t('states.refreshFailedUnknown', { message })
        }
      />
    </Box>
  );
}

function LoadedEntityStages(props: { render: RenderEntityStages }) {
  const { entity } = useEntity();
  const { value, loading, error, watchStage } = useEntityStages(entity);
  const wordError = useErrorText();
  // Polling keeps `value` while it reloads; only the first load shows progress.
  if (!value && loading) return <Progress />;
  // The full error panel only when there is nothing to show; a failed
  // refresh over earlier data is a banner above that data.
  if (!value) {
    return error ? (
      <ResponseErrorPanel title={wordError(error)} error={error} />
    ) : null;
  }
  return (
    <>
      {error && <RefreshFailedBanner error={error} response={value} />}
      {props.render(value, watchStage)}
    </>
  );
}

/**
 * The Stages of the current entity, loaded from the backend: the annotation
 * hint when the entity names no Kargo project, progress on the first load,
 * the error when loading failed, else whatever `render` makes of the answer.
 */
export function EntityStages(props: { render: RenderEntityStages }) {
  const { entity } = useEntity();
  if (!isKargoAvailable(entity)) {
    return (
      <MissingAnnotationEmptyState annotation={KARGO_ANNOTATIONS.project} />
    );
  }
  return <LoadedEntityStages render={props.render} />;
}
