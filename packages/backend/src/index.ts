/*
 * The demo backend: a stock Backstage backend plus the Kargo plugin family.
 */
import { createBackend } from '@backstage/backend-defaults';

const backend = createBackend();

backend.add(import('@backstage/plugin-app-backend'));
backend.add(import('@backstage/plugin-proxy-backend'));

backend.add(import('@backstage/plugin-auth-backend'));
backend.add(import('@backstage/plugin-auth-backend-module-guest-provider'));
// Sign-in with the sandbox's OpenID provider (auth.providers.oidc): the ID
// token it issues is the one the Kargo plugin forwards to Kargo's API.
backend.add(import('@backstage/plugin-auth-backend-module-oidc-provider'));

backend.add(import('@backstage/plugin-catalog-backend'));
backend.add(
  import('@backstage/plugin-catalog-backend-module-scaffolder-entity-model'),
);
backend.add(import('@backstage/plugin-catalog-backend-module-logs'));

backend.add(import('@backstage/plugin-scaffolder-backend'));
backend.add(import('@backstage/plugin-scaffolder-backend-module-github'));
backend.add(import('@backstage/plugin-scaffolder-backend-module-gitlab'));

backend.add(import('@backstage/plugin-permission-backend'));
// Backstage lets every signed-in user try every Kargo action: Kargo's own RBAC
// (through its API, with the person's ID token) decides who may promote where,
// so the demo does not repeat it in a Backstage policy. docs/install.md.
backend.add(
  import('@backstage/plugin-permission-backend-module-allow-all-policy'),
);

backend.add(import('@backstage/plugin-search-backend'));
backend.add(import('@backstage/plugin-search-backend-module-catalog'));

backend.add(import('@backstage/plugin-user-settings-backend'));
backend.add(import('@backstage/plugin-signals-backend'));
// Git webhooks (docs/webhooks.md): the events modules check each event's
// signature (GitHub) or token (GitLab) against events.modules.*.webhookSecret.
backend.add(import('@backstage/plugin-events-backend'));
backend.add(import('@backstage/plugin-events-backend-module-github'));
backend.add(import('@backstage/plugin-events-backend-module-gitlab'));
backend.add(import('@backstage/plugin-notifications-backend'));
// Registered actions (backend.actions.pluginSources) as MCP tools: docs/ai.md.
backend.add(import('@backstage/plugin-mcp-actions-backend'));

// Kargo for Backstage
backend.add(import('@kargo-backstage/plugin-kargo-backend'));
backend.add(import('@kargo-backstage/plugin-catalog-backend-module-kargo'));
backend.add(import('@kargo-backstage/plugin-scaffolder-backend-module-kargo'));

backend.start();
