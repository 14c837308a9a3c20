import { useApiHolder } from '@backstage/core-plugin-api';
import {
  useTemplateSecrets,
  type FieldExtensionComponentProps,
} from '@backstage/plugin-scaffolder-react';
import FormControl from '@material-ui/core/FormControl';
import FormHelperText from '@material-ui/core/FormHelperText';
import FormLabel from '@material-ui/core/FormLabel';
import Typography from '@material-ui/core/Typography';
import { useEffect, useState } from 'react';
import { kargoAuthApiRef, type KargoAuthApi } from '../../api';
import {
  DEFAULT_SECRETS_KEY,
  type KargoIdentityFieldOptions,
  type KargoIdentityValue,
} from './types';
import { useKargoTranslation } from '../../hooks/useKargoTranslation';

/**
 * How often the field takes the person's ID token again while the form is
 * open: ID tokens live minutes to an hour, and the task must start with a
 * valid one (Kargo answers an expired token with "sign in again").
 */
const REFRESH_MS = 4 * 60_000;

interface Resolved {
  value: KargoIdentityValue;
  provider?: string;
  token?: string;
}

async function resolve(
  api: KargoAuthApi | undefined,
  instance: string | undefined,
): Promise<Resolved> {
  if (!api) return { value: 'none' };
  const identity = await api.getWriteIdentity(instance);
  if (identity.type === 'portal') return { value: 'portal' };
  const token = await api.getIdToken(instance);
  return token
    ? { value: 'person', provider: identity.providerTitle, token }
    : { value: 'none', provider: identity.providerTitle };
}

/**
 * A scaffolder field that hands the signed-in person's Kargo ID token to the
 * task as a secret (default `kargoToken`), like RepoUrlPicker's
 * `requestUserCredentials` does for Git: the Kargo actions then act in Kargo
 * as that person, and Kargo's RBAC decides and records them. The token goes
 * only into the task's secrets (never the form data, the review or the
 * task's spec); the field's value says as whom the task will act.
 */
export function KargoIdentityField(
  props: FieldExtensionComponentProps<string, KargoIdentityFieldOptions>,
) {
  const { uiSchema, onChange, schema, rawErrors, required } = props;
  const options = uiSchema?.['ui:options'] ?? {};
  const secretsKey = options.secretsKey ?? DEFAULT_SECRETS_KEY;
  const instance = options.instance;
  const { t } = useKargoTranslation();
  const kargoAuthApi = useApiHolder().get(kargoAuthApiRef);
  const { setSecrets } = useTemplateSecrets();
  const [resolved, setResolved] = useState<Resolved | undefined>();

  useEffect(() => {
    let active = true;
    const update = () =>
      resolve(kargoAuthApi, instance)
        .catch((): Resolved => ({ value: 'none' }))
        .then(next => {
          if (!active) return;
          setResolved(next);
          if (next.token) setSecrets({ [secretsKey]: next.token });
          onChange(next.value);
        });
    update();
    const timer = setInterval(update, REFRESH_MS);
    return () => {
      active = false;
      clearInterval(timer);
    };
    // onChange and setSecrets change identity on every render of the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kargoAuthApi, instance, secretsKey]);

  const provider = resolved?.provider ?? t('scaffolderField.yourProvider');
  let text: string;
  switch (resolved?.value) {
    case undefined:
      text = t('scaffolderField.checking');
      break;
    case 'person':
      text = t('scaffolderField.asPerson', { provider });
      break;
    case 'portal':
      text = t('scaffolderField.asPortal');
      break;
    default:
      text = t('scaffolderField.signIn', { provider });
  }
  const error = resolved?.value === 'none' || !!rawErrors?.length;
  return (
    <FormControl
      margin="normal"
      required={required}
      error={error}
      component="fieldset"
    >
      <FormLabel component="legend">
        {schema.title ?? t('scaffolderField.title')}
      </FormLabel>
      <Typography variant="body2" role="status">
        {text}
      </Typography>
      {schema.description ? (
        <FormHelperText>{schema.description}</FormHelperText>
      ) : null}
    </FormControl>
  );
}
