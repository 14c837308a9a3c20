import { InputError } from '@backstage/errors';
import {
  errorWithReason,
  isValidDnsLabel,
  isValidKubernetesName,
} from '@kargo-backstage/plugin-kargo-common';
import { z } from 'zod';

// Project names are namespaces (DNS-1123 labels); Stage and AnalysisRun
// names are DNS-1123 subdomains. Anything else cannot exist in a cluster, so
// it is refused here and never reaches one.
const NAMESPACE_RULE =
  'must be a Kubernetes namespace name (lower-case letters, digits and "-", at most 63 characters)';
const OBJECT_NAME_RULE =
  'must be a Kubernetes object name (lower-case letters, digits, "-" and ".", at most 253 characters)';
const projectName = z.string().refine(isValidDnsLabel, NAMESPACE_RULE);
const objectName = z.string().refine(isValidKubernetesName, OBJECT_NAME_RULE);

/**
 * The rule a path parameter breaks, in words: the OpenAPI validator checks
 * the same patterns (src/schema/openapi.yaml) but names only the regex.
 */
export const PATH_PARAMETER_RULES: Record<string, string> = {
  project: NAMESPACE_RULE,
  stage: OBJECT_NAME_RULE,
  name: OBJECT_NAME_RULE,
  promotion: OBJECT_NAME_RULE,
};

// Catalog entity ref parts, as the catalog validates them.
const entityPart = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/,
    'must be a valid catalog name (letters, digits, "-", "_", ".", at most 63 characters)',
  )
  .refine(v => !/[._-]$/.test(v), 'must end with a letter or digit');

export const projectParams = z.object({ project: projectName }).strict();
export const stageParams = z
  .object({ project: projectName, stage: objectName })
  .strict();
export const promotionParams = z
  .object({ project: projectName, stage: objectName, promotion: objectName })
  .strict();
export const analysisRunParams = z
  .object({ project: projectName, name: objectName })
  .strict();
export const entityParams = z
  .object({ kind: entityPart, namespace: entityPart, name: entityPart })
  .strict();

export const instanceQuery = z
  .object({
    instance: z
      .string()
      .regex(
        /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/,
        'must be a configured Kargo instance name',
      )
      .optional(),
  })
  .strict();

/** Writes take no input: the Stage is in the path, the actor is the caller. */
export const emptyBody = z.union([z.object({}).strict(), z.undefined()]);

/**
 * A promotion names the Freight by name or alias; the backend resolves it
 * against the project's Freight (never trusts it further).
 */
export const promoteBody = z
  .object({
    freight: z
      .string()
      .refine(isValidKubernetesName, 'must be a Freight name or alias'),
  })
  .strict();

/** Which PR/MR of the Stage to close; what it is, is decided from Kargo's objects. */
export const closePullRequestBody = z
  .object({
    repoUrl: z
      .string()
      .max(2048)
      .url('must be the repository URL the Stage lists the PR under'),
    number: z
      .number()
      .int()
      .positive()
      .max(2 ** 31 - 1),
    deleteBranch: z.boolean().optional(),
  })
  .strict();

/** Refreshing Warehouses may name one of the Stage's; none: all of them. */
export const refreshWarehousesQuery = instanceQuery
  .extend({
    warehouse: objectName.optional(),
  })
  .strict();

function describeIssues(where: string, error: z.ZodError): string {
  return error.issues
    .map(issue => {
      const key = issue.path.join('.');
      if (issue.code === 'unrecognized_keys') {
        return `${where}: unknown ${issue.keys.map(k => `'${k}'`).join(', ')}`;
      }
      return `${where}${key ? ` '${key}'` : ''}: ${issue.message}`;
    })
    .join('; ');
}

const LOCATION = {
  'path parameter': 'path',
  'query parameter': 'query',
  'request body': 'body',
} as const;

/**
 * A 400 with the `invalidRequest` reason: `field` names what is wrong, the
 * English `message` says how.
 */
export function invalidRequest(
  message: string,
  field: string,
  location: 'path' | 'query' | 'body',
): InputError {
  return errorWithReason(
    InputError,
    { code: 'invalidRequest', params: { field, location } },
    { message },
  );
}

/** The part of the input the first issue names. */
function fieldOf(error: z.ZodError): string {
  const [issue] = error.issues;
  if (!issue) return '';
  if (issue.code === 'unrecognized_keys') return issue.keys[0] ?? '';
  return issue.path.join('.');
}

/** Parses with a zod schema, or throws InputError (400) saying what is wrong. */
export function parse<T extends z.ZodTypeAny>(
  schema: T,
  value: unknown,
  where: 'path parameter' | 'query parameter' | 'request body',
): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw invalidRequest(
      `Invalid ${describeIssues(where, result.error)}`,
      fieldOf(result.error),
      LOCATION[where],
    );
  }
  return result.data;
}

/** The requested instance, checked against the configured ones (400 if unknown). */
export function resolveInstance(query: unknown, configured: string[]): string {
  const { instance } = parse(instanceQuery, query, 'query parameter');
  if (instance === undefined) return configured[0];
  if (!configured.includes(instance)) {
    throw invalidRequest(
      `Unknown Kargo instance '${instance}'; configured instances: ${configured.join(
        ', ',
      )}`,
      'instance',
      'query',
    );
  }
  return instance;
}
