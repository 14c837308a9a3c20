import { describeValidatorMessage } from './validationErrors';

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
