import {
  StatusAborted,
  StatusError,
  StatusOK,
  StatusPending,
  StatusRunning,
  StatusWarning,
} from '@backstage/core-components';
import type { ReactNode } from 'react';

type StatusComponent = typeof StatusOK;

const BY_PHASE: Record<string, StatusComponent> = {
  Pending: StatusPending,
  Running: StatusRunning,
  Successful: StatusOK,
  Failed: StatusError,
  Error: StatusError,
  Aborted: StatusAborted,
  Inconclusive: StatusWarning,
  // Promotion phases.
  Succeeded: StatusOK,
  Errored: StatusError,
};

/**
 * The one place verification (and Promotion) phases map to status icons. Unknown phases
 * show as a warning with the raw text, so nothing is hidden.
 */
export function VerificationPhaseStatus(props: {
  phase: string;
  children?: ReactNode;
}) {
  const { phase, children } = props;
  const Status = BY_PHASE[phase] ?? StatusWarning;
  // core-components hides statuses from assistive technology; the phase is
  // the information here, so expose it.
  // A phase is one word: never broken over lines in a narrow table column.
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Status aria-hidden={false} aria-label={undefined}>
        {children ?? (phase || 'Unknown')}
      </Status>
    </span>
  );
}
