import { runExamples } from '../__testUtils__/examples';
import { createKargoPullRequestOpenAction } from './pullRequestOpen';
import { examples } from './pullRequestOpen.examples';

jest.setTimeout(60_000);

describe('kargo:pull-request:open examples', () => {
  runExamples({
    examples,
    createAction: createKargoPullRequestOpenAction,
    check: ({ outputs }) => {
      expect(outputs.url).toMatch(
        /^https:\/\/(github\.com\/acme\/checkout-deploy\/pull|gitlab\.example\.com\/payments\/deploy\/-\/merge_requests)\/\d+$/,
      );
      expect(outputs.url).toContain(`/${outputs.number}`);
      expect(typeof outputs.reclaimed).toBe('boolean');
    },
  });
});
