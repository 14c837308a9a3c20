import { InputError, isError } from '@backstage/errors';
import type { ErrorRequestHandler } from 'express';
import { PATH_PARAMETER_RULES } from './params';

/**
 * Words a 400 from the OpenAPI validator (`request/params/stage must match
 * pattern "…"`, `Unknown query parameter 'foo'`) as the routes' own checks
 * word theirs (`Invalid path parameter 'stage': must be a Kubernetes object
 * name …`), so a caller reads one style whichever check caught the input.
 */
export function describeValidatorMessage(message: string): string | undefined {
  const param = /^request\/params\/([A-Za-z]+) (.*?)(?:, request\/.*)?$/.exec(
    message,
  );
  if (param) {
    const [, name, rest] = param;
    return `Invalid path parameter '${name}': ${
      PATH_PARAMETER_RULES[name] ?? rest
    }`;
  }
  const query = /^request\/query\/([A-Za-z]+) (.*?)(?:, request\/.*)?$/.exec(
    message,
  );
  if (query) return `Invalid query parameter '${query[1]}': ${query[2]}`;
  const unknown = /^Unknown query parameter '([^']*)'/.exec(message);
  if (unknown) return `Invalid query parameter: unknown '${unknown[1]}'`;
  return undefined;
}

/** Error middleware: rewords the validator's InputErrors, passes on the rest. */
export const validationErrorWording: ErrorRequestHandler = (
  err,
  _req,
  _res,
  next,
) => {
  const worded =
    isError(err) && err.name === 'InputError'
      ? describeValidatorMessage(err.message)
      : undefined;
  next(worded ? new InputError(worded) : err);
};
