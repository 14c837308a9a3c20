import { reasonOf } from '@kargo-backstage/plugin-kargo-common';
import { parse, promoteBody, resolveInstance, stageParams } from './params';

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
}

describe('parse', () => {
  it('refuses a bad path parameter with the invalidRequest reason naming it', () => {
    const error = thrown(() =>
      parse(
        stageParams,
        { project: 'checkout', stage: 'A_B' },
        'path parameter',
      ),
    ) as Error;
    expect(error.name).toBe('InputError');
    expect(error.message).toMatch(/^Invalid path parameter 'stage': /);
    expect(reasonOf(error)).toEqual({
      code: 'invalidRequest',
      params: { field: 'stage', location: 'path' },
    });
  });

  it('names an unknown body field', () => {
    const error = thrown(() =>
      parse(promoteBody, { freight: 'f1', force: true }, 'request body'),
    );
    expect(reasonOf(error)).toEqual({
      code: 'invalidRequest',
      params: { field: 'force', location: 'body' },
    });
  });

  it('names the instance a request asks for that is not configured', () => {
    const error = thrown(() =>
      resolveInstance({ instance: 'other' }, ['sandbox']),
    ) as Error;
    expect(error.message).toBe(
      "Unknown Kargo instance 'other'; configured instances: sandbox",
    );
    expect(reasonOf(error)).toEqual({
      code: 'invalidRequest',
      params: { field: 'instance', location: 'query' },
    });
  });
});
