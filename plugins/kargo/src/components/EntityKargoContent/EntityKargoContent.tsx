import Box from '@material-ui/core/Box';
import Grid from '@material-ui/core/Grid';
import type {
  EntityStagesResponse,
  StageDetail,
} from '@kargo-backstage/plugin-kargo-common';
import { useState } from 'react';
import { EntityStages } from '../EntityStages';
import { ResponseNotices } from '../KargoStates';
import { PipelineOverview } from '../PipelineOverview';
import type { StageAction } from '../StageActionButton';
import { StageSection, stageSectionId } from '../StageSection';

/** Up to this many Stages, every Stage's details show at once. */
const OPEN_DETAILS_UP_TO = 3;

/**
 * Renders an answer of the backend: the pipeline overview, then one section
 * per Stage whose details open on demand (all open for a few Stages).
 */
export function EntityKargoContentView(props: {
  response: EntityStagesResponse;
  onActionDone?: (stage: StageDetail, action: StageAction) => void;
}) {
  const { response, onActionDone } = props;
  const showInstance = new Set(response.items.map(s => s.instance)).size > 1;
  const allOpen = response.items.length <= OPEN_DETAILS_UP_TO;
  // Sections whose details differ from the default (open or closed).
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  const isOpen = (id: string) => toggled.has(id) !== allOpen;
  const toggle = (id: string) =>
    setToggled(current => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const select = (stage: StageDetail) => {
    const id = stageSectionId(stage);
    if (!isOpen(id)) toggle(id);
    document.getElementById(id)?.scrollIntoView?.({ behavior: 'smooth' });
  };
  return (
    <>
      <ResponseNotices response={response} />
      {response.items.length > 1 && (
        <Box mb={3}>
          <PipelineOverview stages={response.items} onSelect={select} />
        </Box>
      )}
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
              expanded={isOpen(stageSectionId(stage))}
              onToggle={() => toggle(stageSectionId(stage))}
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
