import Box from '@material-ui/core/Box';
import Grid from '@material-ui/core/Grid';
import type {
  EntityStagesResponse,
  StageDetail,
} from '@kargo-backstage/plugin-kargo-common';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { EntityStages } from '../EntityStages';
import { ResponseNotices } from '../KargoStates';
import { PipelineOverview } from '../PipelineOverview';
import type { StageAction } from '../StageActionButton';
import { StageSection, stageSectionId } from '../StageSection';

/** Up to this many Stages, every Stage's details show at once. */
const OPEN_DETAILS_UP_TO = 3;

/**
 * One Stage's section in the tab's grid. Memoized: a refresh that keeps a
 * Stage's object (it did not change) does not render its section again.
 */
const StageGridItem = memo(function StageGridCell(props: {
  stage: StageDetail;
  showInstance: boolean;
  onActionDone?: (stage: StageDetail, action: StageAction) => void;
  expanded: boolean;
  onToggle: (id: string) => void;
}) {
  const { stage, onToggle } = props;
  const id = stageSectionId(stage);
  return (
    <Grid item xs={12}>
      <StageSection
        stage={stage}
        showInstance={props.showInstance}
        onActionDone={props.onActionDone}
        expanded={props.expanded}
        onToggle={() => onToggle(id)}
      />
    </Grid>
  );
});

/**
 * Renders an answer of the backend: the pipeline overview, then one section
 * per Stage whose details open on demand (all open for a few Stages). Only
 * the sections (and graph nodes) whose Stage object changed render again.
 */
export function EntityKargoContentView(props: {
  response: EntityStagesResponse;
  onActionDone?: (stage: StageDetail, action: StageAction) => void;
}) {
  const { response, onActionDone } = props;
  const { items } = response;
  const showInstance = useMemo(
    () => new Set(items.map(s => s.instance)).size > 1,
    [items],
  );
  const allOpen = items.length <= OPEN_DETAILS_UP_TO;
  // Sections whose details differ from the default (open or closed).
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  const isOpen = (id: string) => toggled.has(id) !== allOpen;
  const toggle = useCallback(
    (id: string) =>
      setToggled(current => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  // The graph's select stays one function (its nodes are memoized).
  const openNow = useRef(isOpen);
  openNow.current = isOpen;
  const select = useCallback(
    (stage: StageDetail) => {
      const id = stageSectionId(stage);
      if (!openNow.current(id)) toggle(id);
      document.getElementById(id)?.scrollIntoView?.({ behavior: 'smooth' });
    },
    [toggle],
  );
  return (
    <>
      <ResponseNotices response={response} />
      {items.length > 1 && (
        <Box mb={3}>
          <PipelineOverview stages={items} onSelect={select} />
        </Box>
      )}
      <Grid container spacing={3}>
        {items.map(stage => (
          <StageGridItem
            key={`${stage.instance}/${stage.project}/${stage.name}`}
            stage={stage}
            showInstance={showInstance}
            onActionDone={onActionDone}
            expanded={isOpen(stageSectionId(stage))}
            onToggle={toggle}
          />
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
