import Grid from '@material-ui/core/Grid';
import type {
  EntityStagesResponse,
  StageDetail,
} from '@kargo-backstage/plugin-kargo-common';
import { EntityStages } from '../EntityStages';
import { ResponseNotices } from '../KargoStates';
import type { StageAction } from '../StageActionButton';
import { StageSection } from '../StageSection';

/** Renders an answer of the backend: one section per Stage. */
export function EntityKargoContentView(props: {
  response: EntityStagesResponse;
  onActionDone?: (stage: StageDetail, action: StageAction) => void;
}) {
  const { response, onActionDone } = props;
  const showInstance = new Set(response.items.map(s => s.instance)).size > 1;
  return (
    <>
      <ResponseNotices response={response} />
      <Grid container spacing={3}>
        {response.items.map(stage => (
          <Grid
            item
            xs={12}
            key={`${stage.instance}/${stage.project}/${stage.name}`}
          >
            <StageSection
              stage={stage}
              showInstance={showInstance}
              onActionDone={onActionDone}
            />
          </Grid>
        ))}
      </Grid>
    </>
  );
}

/**
 * The Kargo tab of an entity: every Stage it names, with the verification
 * history as the AnalysisRuns tell it, pull requests and actions.
 *
 * @public
 */
export function EntityKargoContent() {
  return (
    <EntityStages
      render={(response, onActionDone) => (
        <EntityKargoContentView
          response={response}
          onActionDone={onActionDone}
        />
      )}
    />
  );
}
