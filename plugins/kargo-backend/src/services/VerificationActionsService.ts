import type { LoggerService } from '@backstage/backend-plugin-api';
import {
  abortVerification,
  reverifyStage,
  type KargoService,
} from '@kargo-backstage/plugin-kargo-node';

/** Which Stage, and who asks. */
interface VerificationActionRequest {
  instance: string;
  project: string;
  stage: string;
  /** The Backstage user's entity ref, recorded by Kargo as the actor. */
  actor: string;
}

export type VerificationAction = 'reverify' | 'abort';

/**
 * Reverify and abort, decided on LIVE data (the Stage and its AnalysisRuns
 * read now, not the snapshot) and written the way Kargo's own API does: a
 * merge patch of `kargo.akuity.io/reverify` or `/abort` holding
 * `{"id": <current verification id>, "actor": <user>}`, guarded by the
 * Stage's resourceVersion. The rules live in plugin-kargo-node so the
 * scaffolder actions apply the same ones. Throws ConflictError (409) with
 * the reason when the action is not allowed now.
 */
export class VerificationActionsService {
  constructor(
    private readonly kargo: KargoService,
    private readonly logger: LoggerService,
    /** Called after a successful write, e.g. to re-read the project. */
    private readonly onWritten?: (instance: string, project: string) => void,
  ) {}

  async reverify(request: VerificationActionRequest): Promise<{ id: string }> {
    return this.act('reverify', request);
  }

  async abort(request: VerificationActionRequest): Promise<{ id: string }> {
    return this.act('abort', request);
  }

  private async act(
    action: VerificationAction,
    request: VerificationActionRequest,
  ): Promise<{ id: string }> {
    const operation = action === 'reverify' ? reverifyStage : abortVerification;
    const result = await operation({
      cluster: this.kargo.cluster(request.instance),
      project: request.project,
      stage: request.stage,
      actor: request.actor,
    });
    this.logger.info(
      `Kargo ${action} requested on ${request.instance}/${request.project}/${request.stage}`,
      { verificationId: result.id, actor: request.actor },
    );
    this.onWritten?.(request.instance, request.project);
    return { id: result.id };
  }
}
