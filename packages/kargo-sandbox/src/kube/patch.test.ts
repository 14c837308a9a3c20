import { applyPatchBody, mergePatch } from './patch';

describe('patches', () => {
  const doc = {
    metadata: { name: 'dev', annotations: { a: '1', b: '2' } },
    spec: { list: [1, 2] },
  };

  it('merge patch merges objects, deletes nulls and replaces lists', () => {
    expect(
      mergePatch(doc, {
        metadata: { annotations: { a: null, c: '3' } },
        spec: { list: [3] },
      }),
    ).toEqual({
      metadata: { name: 'dev', annotations: { b: '2', c: '3' } },
      spec: { list: [3] },
    });
  });

  it('JSON patch applies operations without touching the input', () => {
    const out = applyPatchBody('application/json-patch+json', doc, [
      {
        op: 'add',
        path: '/metadata/annotations/kargo.akuity.io~1reverify',
        value: 'x',
      },
      { op: 'remove', path: '/spec/list/0' },
    ]);
    expect(out).toEqual({
      metadata: {
        name: 'dev',
        annotations: { a: '1', b: '2', 'kargo.akuity.io/reverify': 'x' },
      },
      spec: { list: [2] },
    });
    expect(doc.spec.list).toEqual([1, 2]);
  });

  it('a failing JSON patch test op is a 422', () => {
    expect(() =>
      applyPatchBody('application/json-patch+json', doc, [
        { op: 'test', path: '/metadata/name', value: 'prod' },
      ]),
    ).toThrow(expect.objectContaining({ code: 422 }));
  });

  it('an unknown content type is a 415', () => {
    expect(() => applyPatchBody('text/plain', doc, {})).toThrow(
      expect.objectContaining({ code: 415 }),
    );
  });
});
