import { createFrontendFeatureLoader } from '@backstage/frontend-plugin-api';
import kargoPlugin from './plugin';
import { kargoTranslationsModule } from './translation';

/**
 * Everything the Kargo frontend brings to a new-frontend-system app: the plugin
 * and its translations (an `app` module). It is the package's default export,
 * so `app.packages: all` discovers both; the app's discovery only reads
 * default exports.
 *
 * @alpha
 */
export const kargoFeatures = createFrontendFeatureLoader({
  loader: () => [kargoPlugin, kargoTranslationsModule],
});
