import { isError } from '@backstage/errors';
import type { ErrorRequestHandler } from 'express';
import { invalidRequest, PATH_PARAMETER_RULES } from './params';

interface ValidatorIssue {
  message: string;
  field: string;
  location: 'path' | 'query';
}

function issueOf(message: string): ValidatorIssue | undefined {
  const param = /^request\/params\/([A-Za-z]+) (.*?)(?:, request\/.*)?$/.exec(
    message,
  );
  if (param) {
    const [, name, rest] = param;
    return {
      message: `Invalid path parameter '${name}': ${
        PATH_PARAMETER_RULES[name] ?? rest
      }`,
      field: name,
      location: 'path',
    };
  }
  const query = /^request\/query\/([A-Za-z]+) (.*?)(?:, request\/.*)?$/.exec(
    message,
  );
  if (query) {
    return {
      message: `Invalid query parameter '${query[1]}': ${query[2]}`,
      field: query[1],
      location: 'query',
    };
  }
  const unknown = /^Unknown query parameter '([^']*)'/.exec(message);
  if (unknown) {
    return {
      message: `Invalid query parameter: unknown '${unknown[1]}'`,
      field: unknown[1],
      location: 'query',
    };
  }
  return undefined;
}

/**
 * Words a 400 from the OpenAPI validator (`request/params/stage must match
 * pattern "…"`, `Unknown query parameter 'foo'`) as the routes' own checks
 * word theirs (`Invalid path parameter 'stage': must be a Kubernetes object
 * name …`), so a caller reads one style whichever check caught the input.
 */
export function describeValidatorMessage(message: string): string | undefined {
  return issueOf(message)?.message;
}

/**
 * Error middleware: rewords the validator's InputErrors, with the
 * `invalidRequest` reason naming the field, and passes on the rest.
 */
export const validationErrorWording: ErrorRequestHandler = (
  err,
  _req,
  _res,
  next,
) => {
  const issue =
    isError(err) && err.name === 'InputError'
      ? issueOf(err.message)
      : undefined;
  next(
    issue ? invalidRequest(issue.message, issue.field, issue.location) : err,
  );
};
