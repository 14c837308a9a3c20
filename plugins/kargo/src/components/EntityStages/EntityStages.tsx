import type { ReactNode } from 'react';
import { Progress, ResponseErrorPanel } from '@backstage/core-components';
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
import { useEntityStages } from '../../hooks';
import { errorMessage } from '../../utils/errors';
import type { StageAction } from '../StageActionButton';

/** Renders a loaded answer; `onActionDone` watches the Stage acted on. */
export type RenderEntityStages = (
  response: EntityStagesResponse,
  onActionDone: (stage: StageDetail, action: StageAction) => void,
) => ReactNode;

function LoadedEntityStages(props: { render: RenderEntityStages }) {
  const { entity } = useEntity();
  const { value, loading, error, watchStage } = useEntityStages(entity);
  // Polling keeps `value` while it reloads; only the first load shows progress.
  if (!value && loading) return <Progress />;
  if (error)
    return <ResponseErrorPanel title={errorMessage(error)} error={error} />;
  if (!value) return null;
  return <>{props.render(value, watchStage)}</>;
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
