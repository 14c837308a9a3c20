import { InfoCard } from '@backstage/core-components';
import Table from '@material-ui/core/Table';
import TableBody from '@material-ui/core/TableBody';
import TableCell from '@material-ui/core/TableCell';
import TableHead from '@material-ui/core/TableHead';
import TableRow from '@material-ui/core/TableRow';
import type {
  EntityStagesResponse,
  StageDetail,
} from '@kargo-backstage/plugin-kargo-common';
import { EntityStages } from '../EntityStages';
import { ResponseNotices } from '../KargoStates';
import { StageActionButton, type StageAction } from '../StageActionButton';
import { StageArgoCdApps, StageLinksButton } from '../StageLinks';
import { stageTitle } from '../StageSection';
import { StaleMarker } from '../StaleMarker';
import { VerificationPhaseStatus } from '../VerificationPhaseStatus';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

function StageRow(props: {
  stage: StageDetail;
  showInstance: boolean;
  onActionDone?: (stage: StageDetail, action: StageAction) => void;
}) {
  const { stage, showInstance, onActionDone } = props;
  const { t } = useKargoTranslation();
  const open = stage.openPullRequests;
  const stale = stage.verifications.find(v => v.stale);
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        {stageTitle(stage, showInstance)}
        <div>
          <StageArgoCdApps stage={stage} />
        </div>
      </TableCell>
      <TableCell>
        {stage.verificationPhase === 'None' ? (
          t('verification.noVerification')
        ) : (
          <VerificationPhaseStatus phase={stage.verificationPhase} />
        )}{' '}
        {stale && <StaleMarker entry={stale} />}
      </TableCell>
      <TableCell>
        {stage.pullRequestsPending
          ? t('card.pullRequestsPending')
          : t('card.openPullRequests', { count: open })}
      </TableCell>
      <TableCell>
        <StageActionButton
          stage={stage}
          action="reverify"
          onDone={onActionDone}
        />
        <StageLinksButton stage={stage} />
      </TableCell>
    </TableRow>
  );
}

/** The card's body for one answer of the backend. */
function EntityKargoCardView(props: {
  response: EntityStagesResponse;
  onActionDone?: (stage: StageDetail, action: StageAction) => void;
}) {
  const { response, onActionDone } = props;
  const { t } = useKargoTranslation();
  const showInstance = new Set(response.items.map(s => s.instance)).size > 1;
  return (
    <>
      <ResponseNotices response={response} />
      {response.items.length > 0 && (
        <Table size="small" aria-label={t('card.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('card.stage')}</TableCell>
              <TableCell>{t('card.verification')}</TableCell>
              <TableCell>{t('card.pullRequests')}</TableCell>
              <TableCell>{t('card.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {response.items.map(stage => (
              <StageRow
                key={`${stage.instance}/${stage.project}/${stage.name}`}
                stage={stage}
                showInstance={showInstance}
                onActionDone={onActionDone}
              />
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}

/**
 * Overview card: one row per Stage with its current verification, open pull
 * requests and Reverify.
 *
 * @public
 */
export function EntityKargoCard() {
  const { t } = useKargoTranslation();
  return (
    <InfoCard title={t('card.title')}>
      <EntityStages
        render={(response, onActionDone) => (
          <EntityKargoCardView
            response={response}
            onActionDone={onActionDone}
          />
        )}
      />
    </InfoCard>
  );
}
