import {
  mockCredentials,
  mockServices,
  registerMswTestHooks,
} from '@backstage/backend-test-utils';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { snapshot } from '../__fixtures__/snapshot';
import { KargoSnapshotClient } from './KargoSnapshotClient';

const server = setupServer();
registerMswTestHooks(server);

const SNAPSHOT_URL = 'http://localhost:0/api/kargo/snapshot';

describe('KargoSnapshotClient', () => {
  const client = new KargoSnapshotClient({
    discovery: mockServices.discovery(),
    auth: mockServices.auth({ pluginId: 'catalog' }),
  });

  it('reads the snapshot with a service token issued for the Kargo backend', async () => {
    let authorization: string | null = null;
    server.use(
      http.get(SNAPSHOT_URL, ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json(snapshot());
      }),
    );

    await expect(client.getSnapshot()).resolves.toEqual(snapshot());
    expect(authorization).toBe(
      mockCredentials.service.header({
        onBehalfOf: mockCredentials.service('plugin:catalog'),
        targetPluginId: 'kargo',
      }),
    );
  });

  it('throws the backend error message on a failed answer', async () => {
    server.use(
      http.get(SNAPSHOT_URL, () =>
        HttpResponse.json(
          {
            error: {
              name: 'ServiceUnavailableError',
              message: 'Kargo instance sandbox is unreachable',
            },
          },
          { status: 503 },
        ),
      ),
    );
    await expect(client.getSnapshot()).rejects.toThrow(
      /Kargo instance sandbox is unreachable/,
    );
  });

  it('rejects a body that is not a snapshot', async () => {
    server.use(http.get(SNAPSHOT_URL, () => HttpResponse.json({ items: [] })));
    await expect(client.getSnapshot()).rejects.toThrow(/unexpected body/);
  });
});
