import { withoutServerFields } from './withoutServerFields';

describe('withoutServerFields', () => {
  it('drops managedFields and the last-applied copy, and keeps everything else', () => {
    const stage = {
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Stage',
      metadata: {
        name: 'prod',
        namespace: 'checkout',
        resourceVersion: '42',
        labels: { team: 'shop' },
        annotations: {
          'kubectl.kubernetes.io/last-applied-configuration': '{"kind":"Stage"}',
          'kargo.akuity.io/reverify': 'abc',
        },
        managedFields: [{ manager: 'kargo-controller', fieldsV1: { 'f:status': {} } }],
      },
      spec: { vars: [{ name: 'repoURL', value: 'https://github.com/acme/deploy' }] },
      status: { phase: 'Steady' },
    };
    expect(withoutServerFields(stage)).toEqual({
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Stage',
      metadata: {
        name: 'prod',
        namespace: 'checkout',
        resourceVersion: '42',
        labels: { team: 'shop' },
        annotations: { 'kargo.akuity.io/reverify': 'abc' },
      },
      spec: stage.spec,
      status: stage.status,
    });
  });

  it('returns an object without either as it is', () => {
    const freight = { kind: 'Freight', metadata: { name: 'abc', annotations: { a: 'b' } } };
    expect(withoutServerFields(freight)).toBe(freight);
  });
});
