import { evaluateLinks } from './deeplinks';

const ctx = {
  stage: { metadata: { name: 'prod', namespace: 'checkout', labels: { team: 'a' } } },
};

describe('evaluateLinks (pkg/deeplinks EvaluateLinks)', () => {
  it('resolves templates, applies conditions and reports the links that fail', () => {
    expect(
      evaluateLinks(
        [
          { title: 'App', url: 'https://x/{{ .stage.metadata.namespace }}-{{ .stage.metadata.name }}', description: 'd' },
          { title: 'Team', url: 'https://t/{{ index .stage.metadata.labels "team" }}' },
          { title: 'Only uat', if: 'stage.metadata.name == "uat"', url: 'https://u' },
          { title: 'Only prod', if: 'stage.metadata.name != "uat"', url: 'https://p' },
          { title: 'Not bool', if: 'stage.metadata.name', url: 'https://n' },
          { title: 'Broken', url: 'https://b/{{ .stage.metadata.name | upper }}' },
        ],
        ctx,
      ),
    ).toEqual({
      links: [
        { title: 'App', url: 'https://x/checkout-prod', description: 'd' },
        { title: 'Team', url: 'https://t/a' },
        { title: 'Only prod', url: 'https://p' },
      ],
      errors: [
        'condition for link "Not bool" evaluated to non-boolean value',
        expect.stringMatching(/^error evaluating URL template for link "Broken": /),
      ],
    });
  });
});
