import { registerMswTestHooks } from '@backstage/backend-test-utils';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { API_URL } from './fixtures';

/** What Kargo's API (an msw handler) received. */
export interface Seen {
  method: string;
  path: string;
  authorization: string | null;
  contentType: string | null;
  body: string;
}

/**
 * An msw server for a test file; `kargo(answer)` records every request to
 * Kargo's API and answers with `answer`.
 */
export function mockKargoApi() {
  const server = setupServer();
  registerMswTestHooks(server);
  return function kargo(answer: (seen: Seen) => Response) {
    const seen: Seen[] = [];
    server.use(
      http.all(`${API_URL}/*`, async ({ request }) => {
        const url = new URL(request.url);
        const entry = {
          method: request.method,
          path: url.pathname + url.search,
          authorization: request.headers.get('authorization'),
          contentType: request.headers.get('content-type'),
          body: await request.text(),
        };
        seen.push(entry);
        return answer(entry);
      }),
    );
    return seen;
  };
}
