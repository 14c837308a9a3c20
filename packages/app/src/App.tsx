import { createApp } from '@backstage/frontend-defaults';
import catalogPlugin from '@backstage/plugin-catalog/alpha';
import kargoPlugin, {
  kargoTranslationsModule,
} from '@kargo-backstage/plugin-kargo/alpha';
import { navModule } from './modules/nav';

export default createApp({
  features: [catalogPlugin, kargoPlugin, kargoTranslationsModule, navModule],
});
