import { createFrontendModule } from '@backstage/frontend-plugin-api';
import { TranslationBlueprint } from '@backstage/plugin-app-react';
import { kargoTranslations } from '../translations';

/**
 * The Kargo frontend's languages beyond English, for the app's translation
 * API. Translations attach to the app plugin, so they come as an app module:
 * add it to the app's features next to the plugin.
 *
 * @alpha
 */
export const kargoTranslationsModule = createFrontendModule({
  pluginId: 'app',
  extensions: [
    TranslationBlueprint.make({
      name: 'kargo',
      params: { resource: kargoTranslations },
    }),
  ],
});
