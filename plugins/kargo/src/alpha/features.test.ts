import kargoFeatures, {
  kargoScaffolderModule,
  kargoTranslationsModule,
} from '../alpha';
import kargoPlugin from './plugin';

// What `app.packages: all` does with the package: the CLI hands the app the
// default export of `./alpha`, and the app loads it when it is a feature loader.
type Loader = {
  $$type: string;
  loader(deps: { config: unknown }): Promise<unknown[]>;
};

describe('the default export of @kargo-backstage/plugin-kargo/alpha', () => {
  it('is a feature loader the app discovers, bringing the plugin, its translations and its scaffolder field', async () => {
    const discovered = kargoFeatures as unknown as Loader;
    expect(discovered.$$type).toBe('@backstage/FrontendFeatureLoader');
    await expect(discovered.loader({ config: {} })).resolves.toEqual([
      kargoPlugin,
      kargoTranslationsModule,
      kargoScaffolderModule,
    ]);
  });
});
