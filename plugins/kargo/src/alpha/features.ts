import { createFrontendFeatureLoader } from '@backstage/frontend-plugin-api';
import kargoPlugin from './plugin';
import { kargoScaffolderModule } from './scaffolderField';
import { kargoTranslationsModule } from './translation';

/**
 * Everything the Kargo frontend brings to a new-frontend-system app: the
 * plugin, its translations (an `app` module) and its scaffolder form field (a
 * `scaffolder` module, ignored without the scaffolder plugin). It is the
 * package's default export, so `app.packages: all` discovers them all; the
 * app's discovery only reads default exports.
 *
 * @alpha
 */
export const kargoFeatures = createFrontendFeatureLoader({
  loader: () => [kargoPlugin, kargoTranslationsModule, kargoScaffolderModule],
});
