import type { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import { registerListStagesAction } from './listStagesAction';
import {
  registerFreightActions,
  registerClosePullRequestAction,
  registerRefreshActions,
  registerStageActions,
} from './stageActions';
import type { KargoActionsOptions } from './types';

/**
 * The plugin's actions for AI assistants (served as MCP tools by
 * @backstage/plugin-mcp-actions-backend): get-stage, list-stages,
 * reverify-stage, abort-verification, promote-stage, approve-freight,
 * close-pull-request, refresh-stage, refresh-warehouses. Same services,
 * permissions and audit
 * events as the REST routes.
 */
export function registerKargoActions(
  registry: ActionsRegistryService,
  options: KargoActionsOptions,
) {
  registerStageActions(registry, options);
  registerListStagesAction(registry, options);
  registerFreightActions(registry, options);
  registerClosePullRequestAction(registry, options);
  registerRefreshActions(registry, options);
}
