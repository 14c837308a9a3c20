import { InputError, NotFoundError } from '@backstage/errors';
import { reasonOf } from '@kargo-backstage/plugin-kargo-common';
import {
  describeValidatorMessage,
  validationErrorWording,
} from './validationErrors';

describe('describeValidatorMessage', () => {
  it.each([
    [
      'request/params/stage must match pattern "^[a-z0-9]$"',
      'Invalid path parameter \'stage\': must be a Kubernetes object name (lower-case letters, digits, "-" and ".", at most 253 characters)',
    ],
    [
      'request/params/project must NOT have more than 63 characters, request/params/project must match pattern "x"',
      'Invalid path parameter \'project\': must be a Kubernetes namespace name (lower-case letters, digits and "-", at most 63 characters)',
    ],
    [
      'request/query/instance must be string',
      "Invalid query parameter 'instance': must be string",
    ],
    ["Unknown query parameter 'foo'", "Invalid query parameter: unknown 'foo'"],
  ])('words %s as the routes do', (message, worded) => {
    expect(describeValidatorMessage(message)).toBe(worded);
  });

  it('leaves other errors alone', () => {
    expect(
      describeValidatorMessage("Unknown Kargo instance 'x'"),
    ).toBeUndefined();
  });
});

describe('validationErrorWording', () => {
  function passOn(err: Error): unknown {
    const next = jest.fn();
    validationErrorWording(err, {} as any, {} as any, next);
    return next.mock.calls[0][0];
  }

  it("gives the validator's 400 the invalidRequest reason naming the field", () => {
    const error = passOn(
      new InputError('request/params/stage must match pattern "^[a-z0-9]$"'),
    ) as Error;
    expect(error.name).toBe('InputError');
    expect(error.message).toMatch(/^Invalid path parameter 'stage': /);
    expect(reasonOf(error)).toEqual({
      code: 'invalidRequest',
      params: { field: 'stage', location: 'path' },
    });
    expect(
      reasonOf(passOn(new InputError("Unknown query parameter 'foo'"))),
    ).toEqual({
      code: 'invalidRequest',
      params: { field: 'foo', location: 'query' },
    });
  });

  it('passes other errors on as they are', () => {
    const other = new NotFoundError('nope');
    expect(passOn(other)).toBe(other);
  });
});
