import { InfoCard } from '@backstage/core-components';
import { useTranslationRef } from '@backstage/core-plugin-api/alpha';
import Box from '@material-ui/core/Box';
import ButtonBase from '@material-ui/core/ButtonBase';
import Paper from '@material-ui/core/Paper';
import Typography from '@material-ui/core/Typography';
import {
  buildPipelineGraph,
  type StageDetail,
} from '@kargo-backstage/plugin-kargo-common';
import { useMemo } from 'react';
import { kargoTranslationRef } from '../../translation';
import { TruncatedText } from '../TruncatedText';
import { VerificationPhaseStatus } from '../VerificationPhaseStatus';

const NODE_WIDTH = 220;

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

function StageNode(props: {
  stage: StageDetail;
  from: string[];
  hidden: string[];
  onSelect: (stage: StageDetail) => void;
}) {
  const { stage, from, hidden, onSelect } = props;
  const { t } = useTranslationRef(kargoTranslationRef);
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
        <Box
          display="flex"
          justifyContent="space-between"
          alignItems="center"
          style={{ gap: 4 }}
        >
          {/* The name takes what the health leaves; cut, it keeps a tooltip. */}
          <Box flex={1} minWidth={0}>
            <TruncatedText text={stage.name} maxWidth="100%" />
          </Box>
          <Typography variant="caption" color="textSecondary" noWrap>
            {stage.health ?? stage.phase}
          </Typography>
        </Box>
        <Box data-testid="pipeline-freight">
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
        </Box>
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
            text={t('pipeline.from', { sources: from.join(', ') })}
            maxWidth={NODE_WIDTH - 16}
            color="textSecondary"
          />
        )}
        {hidden.length > 0 && (
          <TruncatedText
            text={t('pipeline.hiddenUpstream', { stages: hidden.join(', ') })}
            maxWidth={NODE_WIDTH - 16}
            color="textSecondary"
          />
        )}
      </ButtonBase>
    </Paper>
  );
}

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
  const graph = useMemo(() => buildPipelineGraph(stages), [stages]);
  const columns: (typeof graph.nodes)[] = [];
  for (const node of graph.nodes) (columns[node.column] ??= []).push(node);
  const fromOf = (name: string) =>
    graph.edges.filter(e => e.to === name).map(e => e.from.name);
  return (
    <Box
      role="list"
      aria-label={label}
      display="flex"
      style={{ gap: 24, overflowX: 'auto' }}
      mb={1}
    >
      {columns.map((column, index) => (
        <Box
          key={index}
          display="flex"
          flexDirection="column"
          style={{ gap: 12 }}
        >
          {column.map(node => (
            <div role="listitem" key={node.stage.name}>
              <StageNode
                stage={node.stage}
                from={fromOf(node.stage.name)}
                hidden={node.hiddenUpstream}
                onSelect={onSelect}
              />
            </div>
          ))}
        </Box>
      ))}
    </Box>
  );
}

/**
 * The entity's Stages as the pipeline Kargo draws, per project: one column
 * per depth (Stages fed by a Warehouse first), each Stage with the Freight
 * it holds, its health and verification, and where it takes Freight from.
 * Selecting one opens its details below. Wide projects scroll sideways.
 */
export function PipelineOverview(props: {
  stages: StageDetail[];
  onSelect: (stage: StageDetail) => void;
}) {
  const { stages, onSelect } = props;
  const { t } = useTranslationRef(kargoTranslationRef);
  const projects = new Map<string, StageDetail[]>();
  for (const stage of stages) {
    const key = `${stage.instance}/${stage.project}`;
    projects.set(key, [...(projects.get(key) ?? []), stage]);
  }
  return (
    <InfoCard title={t('pipeline.title')}>
      {[...projects].map(([key, members]) => (
        <Box key={key}>
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
        </Box>
      ))}
    </InfoCard>
  );
}
