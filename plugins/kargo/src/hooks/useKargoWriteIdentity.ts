import { useApiHolder } from '@backstage/core-plugin-api';
import useAsync from 'react-use/esm/useAsync';
import { kargoAuthApiRef, type KargoWriteIdentity } from '../api';

/**
 * As whom a write to the instance would be made, and whether the person has
 * a session with the instance's auth provider (asked without a popup).
 * Without a Kargo auth API in the app, `undefined`: the backend decides.
 */
export function useKargoWriteIdentity(instance: string): {
  loading: boolean;
  identity?: KargoWriteIdentity;
} {
  const kargoAuthApi = useApiHolder().get(kargoAuthApiRef);
  const { loading, value } = useAsync(
    async () => kargoAuthApi?.getWriteIdentity(instance),
    [kargoAuthApi, instance],
  );
  return { loading, identity: value };
}
