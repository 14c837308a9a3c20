import { createFrontendModule } from '@backstage/frontend-plugin-api';
import { FormFieldBlueprint } from '@backstage/plugin-scaffolder-react/alpha';

/**
 * The `KargoIdentity` scaffolder field (the person's Kargo ID token as the
 * task's secret `kargoToken`) for the scaffolder plugin's forms.
 *
 * @alpha
 */
export const kargoIdentityFormField = FormFieldBlueprint.make({
  name: 'kargo-identity',
  params: {
    field: () =>
      import('./scaffolderFieldLoader').then(m => m.kargoIdentityField),
  },
});

/**
 * A scaffolder module with the Kargo form fields; an app without the
 * scaffolder plugin ignores it.
 *
 * @alpha
 */
export const kargoScaffolderModule = createFrontendModule({
  pluginId: 'scaffolder',
  extensions: [kargoIdentityFormField],
});
