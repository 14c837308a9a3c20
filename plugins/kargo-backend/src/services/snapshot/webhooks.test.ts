import { mockServices } from '@backstage/backend-test-utils';
import { warnUnsignedWebhookTopics } from './webhooks';

describe('warnUnsignedWebhookTopics', () => {
  const warnings = (data: object) => {
    const logger = mockServices.logger.mock();
    warnUnsignedWebhookTopics(mockServices.rootConfig({ data }), logger);
    return logger.warn.mock.calls.map(([message]) => message);
  };

  it('warns when events.http.topics opens github or gitlab without the module secret', () => {
    const said = warnings({
      events: { http: { topics: ['github', 'gitlab'] } },
    });
    expect(said).toHaveLength(2);
    expect(said[0]).toContain('events.modules.github.webhookSecret');
    expect(said[1]).toContain('events.modules.gitlab.webhookSecret');
  });

  it('says nothing when the modules hold secrets or the topics are not listed', () => {
    expect(
      warnings({
        events: {
          http: { topics: ['github', 'gitlab'] },
          modules: {
            github: { webhookSecret: 's' },
            gitlab: { webhookSecret: 't' },
          },
        },
      }),
    ).toEqual([]);
    expect(warnings({ events: { http: { topics: ['other'] } } })).toEqual([]);
    expect(warnings({})).toEqual([]);
  });

  it('warns whenever events.http.topics opens bitbucketCloud: Backstage has no check for it', () => {
    for (const topic of [
      'bitbucketCloud',
      'bitbucketCloud.pullrequest:updated',
    ]) {
      const said = warnings({ events: { http: { topics: [topic] } } });
      expect(said).toHaveLength(1);
      expect(said[0]).toContain('does not verify Bitbucket Cloud webhooks');
    }
  });
});
