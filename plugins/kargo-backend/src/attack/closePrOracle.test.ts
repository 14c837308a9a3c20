import request from 'supertest';
import {
  startKargoTestBackend,
  user,
  type KargoTestBackend,
} from '../__testUtils__/backend';

// Attack probe: pull-requests/close lists the given repoUrl with the portal's
// Git identity before checking it is one of the Stage's repositories.
jest.setTimeout(90_000);

describe('attack: close-PR repoUrl is free user input', () => {
  let backend: KargoTestBackend;
  beforeAll(async () => {
    backend = await startKargoTestBackend();
    await backend.refresh();
  });
  afterAll(() => backend.stop());

  const close = (repoUrl: string) =>
    request(backend.server)
      .post('/api/kargo/projects/checkout/stages/prod/pull-requests/close')
      .set('Authorization', user())
      .send({ repoUrl, number: 1 });

  it('answers a repository the Stage does not use the same whether it exists for the portal or not, without asking Git', async () => {
    const other = await close('https://gitlab.example.com/payments/deploy');
    const none = await close('https://gitlab.example.com/payments/no-such-private-repo');
    const gitlab = await close('https://github.com/acme/edge-deploy');
    const internal = await close('http://169.254.169.254/latest/meta-data');
    // eslint-disable-next-line no-console
    console.log(
      [other, none, gitlab, internal]
        .map(r => `${r.status} ${JSON.stringify(r.body.error)}`)
        .join('\n'),
    );
    expect(other.status).toBe(none.status);
    expect(other.body.error.code).toBe(none.body.error.code);
  });
});
