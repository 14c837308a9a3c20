import { InfoCard } from '@backstage/core-components';
import ButtonBase from '@material-ui/core/ButtonBase';
import Paper from '@material-ui/core/Paper';
import Typography from '@material-ui/core/Typography';
import { makeStyles } from '@material-ui/core/styles';
import {
  buildPipelineGraph,
  type StageDetail,
} from '@kargo-backstage/plugin-kargo-common';
import { memo, useMemo } from 'react';
import { TruncatedText } from '../TruncatedText';
import { VerificationPhaseStatus } from '../VerificationPhaseStatus';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

const NODE_WIDTH = 220;

// Static classes, not Boxes: a Box makes a style rule per instance, and a
// 50-Stage graph has a few hundred of them.
const useStyles = makeStyles(theme => ({
  columns: {
    display: 'flex',
    gap: 24,
    overflowX: 'auto',
    marginBottom: theme.spacing(1),
  },
  column: { display: 'flex', flexDirection: 'column', gap: 12 },
  heading: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: 4,
  },
  name: { flex: 1, minWidth: 0 },
}));

/** The Freight in a Stage: alias, else name; then the first image tag or commit. */
function freightLines(stage: StageDetail): [string, string | null] | null {
  const f = stage.currentFreight;
  if (!f) return null;
  const image = f.images[0];
  const commit = f.commits[0];
  let artifact: string | null = null;
  if (image) {
    const ref = image.tag ?? image.digest?.slice(0, 19) ?? '?';
    artifact = `${image.repoURL.split('/').pop()}:${ref}`;
  } else if (commit) {
    const ref = commit.tag ?? commit.id?.slice(0, 7) ?? '?';
    artifact = `${commit.repoURL.split('/').pop()}@${ref}`;
  }
  return [f.alias ?? f.name, artifact];
}

/** Memoized: renders again only when its Stage (object) or its edges changed. */
const StageNode = memo(function StageNodeCard(props: {
  stage: StageDetail;
  /** The upstream Stages it takes Freight from, joined. */
  from: string;
  /** Upstream Stages the entity does not name, joined. */
  hidden: string;
  onSelect: (stage: StageDetail) => void;
}) {
  const { stage, from, hidden, onSelect } = props;
  const { t } = useKargoTranslation();
  const classes = useStyles();
  const freight = freightLines(stage);
  return (
    <Paper variant="outlined" style={{ width: NODE_WIDTH }}>
      <ButtonBase
        focusRipple
        onClick={() => onSelect(stage)}
        aria-label={t('pipeline.showStage', { stage: stage.name })}
        style={{
          display: 'block',
          width: '100%',
          textAlign: 'left',
          padding: 8,
        }}
      >
        <div className={classes.heading}>
          {/* The name takes what the health leaves; cut, it keeps a tooltip. */}
          <div className={classes.name}>
            <TruncatedText text={stage.name} maxWidth="100%" />
          </div>
          <Typography variant="caption" color="textSecondary" noWrap>
            {stage.health ?? stage.phase}
          </Typography>
        </div>
        <div data-testid="pipeline-freight">
          {freight ? (
            <>
              <TruncatedText text={freight[0]} maxWidth={NODE_WIDTH - 16} />
              {freight[1] && (
                <TruncatedText
                  text={freight[1]}
                  maxWidth={NODE_WIDTH - 16}
                  color="textSecondary"
                />
              )}
            </>
          ) : (
            <Typography variant="body2" color="textSecondary">
              {t('pipeline.noFreight')}
            </Typography>
          )}
        </div>
        {stage.verificationPhase === 'None' ? (
          <Typography variant="body2" color="textSecondary">
            {t('verification.noVerification')}
          </Typography>
        ) : (
          <VerificationPhaseStatus phase={stage.verificationPhase}>
            {t('pipeline.verification', { phase: stage.verificationPhase })}
          </VerificationPhaseStatus>
        )}
        {from.length > 0 && (
          <TruncatedText
            text={t('pipeline.from', { sources: from })}
            maxWidth={NODE_WIDTH - 16}
            color="textSecondary"
          />
        )}
        {hidden.length > 0 && (
          <TruncatedText
            text={t('pipeline.hiddenUpstream', { stages: hidden })}
            maxWidth={NODE_WIDTH - 16}
            color="textSecondary"
          />
        )}
      </ButtonBase>
    </Paper>
  );
});

/**
 * The entity's Stages as the pipeline Kargo draws: one column per depth
 * (origins first), each Stage with the Freight it holds, its health and
 * verification, and where it takes Freight from. Selecting one opens its
 * details below. Columns scroll sideways when a project is wider than the page.
 */
function ProjectPipeline(props: {
  stages: StageDetail[];
  onSelect: (stage: StageDetail) => void;
  label: string;
}) {
  const { stages, onSelect, label } = props;
  const classes = useStyles();
  const graph = useMemo(() => buildPipelineGraph(stages), [stages]);
  // Each Stage's upstream names, grouped once per graph: a filter of every
  // edge per Stage drawn cost Stages x edges per render (issue 35, attack 16).
  const from = useMemo(() => {
    const byStage = new Map<string, string[]>();
    for (const edge of graph.edges) {
      const names = byStage.get(edge.to);
      if (names) names.push(edge.from.name);
      else byStage.set(edge.to, [edge.from.name]);
    }
    return byStage;
  }, [graph]);
  const columns: (typeof graph.nodes)[] = [];
  for (const node of graph.nodes) (columns[node.column] ??= []).push(node);
  return (
    <div role="list" aria-label={label} className={classes.columns}>
      {columns.map((column, index) => (
        <div key={index} className={classes.column}>
          {column.map(node => (
            <div role="listitem" key={node.stage.name}>
              <StageNode
                stage={node.stage}
                from={(from.get(node.stage.name) ?? []).join(', ')}
                hidden={node.hiddenUpstream.join(', ')}
                onSelect={onSelect}
              />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/**
 * The entity's Stages as the pipeline Kargo draws, per project: one column
 * per depth (Stages fed by a Warehouse first), each Stage with the Freight
 * it holds, its health and verification, and where it takes Freight from.
 * Selecting one opens its details below. Wide projects scroll sideways.
 */
export const PipelineOverview = memo(function PipelineOverviewCard(props: {
  stages: StageDetail[];
  onSelect: (stage: StageDetail) => void;
}) {
  const { stages, onSelect } = props;
  const { t } = useKargoTranslation();
  const projects = useMemo(() => {
    const byProject = new Map<string, StageDetail[]>();
    for (const stage of stages) {
      const key = `${stage.instance}/${stage.project}`;
      // Grown in place: a copy per Stage cost Stages² per change (attack 17).
      const list = byProject.get(key);
      if (list) list.push(stage);
      else byProject.set(key, [stage]);
    }
    return byProject;
  }, [stages]);
  return (
    <InfoCard title={t('pipeline.title')}>
      {[...projects].map(([key, members]) => (
        <div key={key}>
          {projects.size > 1 && (
            <Typography variant="subtitle2" component="h3">
              {members[0].project}
            </Typography>
          )}
          <ProjectPipeline
            stages={members}
            onSelect={onSelect}
            label={`${t('pipeline.title')} ${members[0].project}`}
          />
        </div>
      ))}
    </InfoCard>
  );
});
