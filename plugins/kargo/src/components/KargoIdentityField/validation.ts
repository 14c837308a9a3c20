import type { CustomFieldValidator } from '@backstage/plugin-scaffolder-react';

/**
 * Refuses to go on without an identity Kargo accepts: a task whose Kargo
 * writes would all be refused should not start. (Validators run outside
 * React, so this message is English, like Backstage's own field validators.)
 */
export const kargoIdentityValidation: CustomFieldValidator<string> = (
  value,
  validation,
) => {
  if (value === 'none') {
    validation.addError(
      'Sign in with the identity provider Kargo accepts, so that this task can act in Kargo as you',
    );
  }
};
