import { ResponseError } from '@backstage/errors';
import { errorMessage, errorReason } from './errors';

async function responseError(body: object, status = 400) {
  return ResponseError.fromResponse(
    // As Backstage's error handler answers: the error and the status.
    new Response(
      JSON.stringify({ ...body, response: { statusCode: status } }),
      {
        status,
        headers: { 'content-type': 'application/json' },
      },
    ),
  );
}

describe('errorReason', () => {
  it("reads the backend's reason code and params beside its message", async () => {
    const error = await responseError({
      error: {
        name: 'InputError',
        message: 'No Freight named or aliased "x" in project checkout',
        code: 'freightNotFound',
        params: { freight: 'x', project: 'checkout' },
      },
    });
    expect(errorMessage(error)).toBe(
      'No Freight named or aliased "x" in project checkout',
    );
    expect(errorReason(error)).toEqual({
      code: 'freightNotFound',
      params: { freight: 'x', project: 'checkout' },
    });
  });

  it('gives no code for an answer without one or another error', async () => {
    const error = await responseError({
      error: { name: 'NotAllowedError', message: 'Not allowed' },
    });
    expect(errorReason(error).code).toBeUndefined();
    expect(errorReason(new Error('offline'))).toEqual({});
  });
});
