import { InputError } from '@backstage/errors';
import {
  isValidDnsLabel,
  isValidKubernetesName,
} from '@kargo-backstage/plugin-kargo-common';
import type { TemplateActionOptions } from '@backstage/plugin-scaffolder-node';

/** The zod the scaffolder hands to schema builders (its own copy of zod). */
type Zod = Parameters<
  NonNullable<NonNullable<TemplateActionOptions['schema']>['input']>[string]
>[0];
type ZodString = ReturnType<Zod['string']>;
type ZodOptionalString = ReturnType<ZodString['optional']>;
type ZodOptionalNumber = ReturnType<ReturnType<Zod['number']>['optional']>;

/** How long the Stage actions wait by default, in seconds. */
export const DEFAULT_TIMEOUT_SECONDS = 600;

// The JSON schema patterns of Kubernetes names; the handler checks again
// (isValidDnsLabel / isValidKubernetesName) since a direct call skips them.
const LABEL = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS_LABEL = new RegExp(`^(?=.{1,63}$)${LABEL}$`);
const SUBDOMAIN = new RegExp(`^(?=.{1,253}$)${LABEL}(\\.${LABEL})*$`);

/** A Kubernetes object name input (Stage, Promotion). */
export function objectNameInput(z: Zod, description: string): ZodString {
  return z
    .string()
    .regex(SUBDOMAIN, 'must be a Kubernetes object name')
    .describe(description);
}

/**
 * Refuses names no Kubernetes object can have (`..`, `/`, upper case) with
 * an InputError, before they reach a permission check or a cluster URL.
 */
export function checkStageNames(project: string, stage: string): void {
  if (!isValidDnsLabel(project)) {
    throw new InputError(
      `Invalid project ${JSON.stringify(
        project,
      )}: must be a Kubernetes namespace name (lower-case letters, digits and "-", at most 63 characters)`,
    );
  }
  if (!isValidKubernetesName(stage)) {
    throw new InputError(
      `Invalid stage ${JSON.stringify(
        stage,
      )}: must be a Kubernetes object name (lower-case letters, digits, "-" and ".", at most 253 characters)`,
    );
  }
}

/**
 * The inputs every Stage action takes: which project, Stage and instance.
 * `stageDescription` says what the action does to the Stage.
 */
export function stageActionInputs(stageDescription: string): {
  project: (z: Zod) => ZodString;
  stage: (z: Zod) => ZodString;
  instance: (z: Zod) => ZodOptionalString;
} {
  return {
    project: z =>
      z
        .string()
        .regex(DNS_LABEL, 'must be a Kubernetes namespace name')
        .describe('Kargo project (namespace)'),
    stage: z => objectNameInput(z, stageDescription),
    instance: z =>
      z
        .string()
        .optional()
        .describe('Configured Kargo instance; default: the first'),
  };
}

/**
 * The longest a task may wait (and poll the cluster every second): one hour.
 * Longer waits belong in Kargo (a verification's own timeout), not in a task.
 */
export const MAX_TIMEOUT_SECONDS = 3600;

/** The optional `timeoutSeconds` input of the actions that can wait. */
export function timeoutSecondsInput(z: Zod): ZodOptionalNumber {
  return z
    .number()
    .int()
    .positive()
    .max(MAX_TIMEOUT_SECONDS)
    .optional()
    .describe(
      `How long to wait, in seconds (default ${DEFAULT_TIMEOUT_SECONDS}, at most ${MAX_TIMEOUT_SECONDS})`,
    ) as ZodOptionalNumber;
}

/**
 * The wait of this task, checked again in the handler (a task created
 * through the API may skip the template's schema): InputError above the bound.
 */
export function timeoutSecondsOf(input: { timeoutSeconds?: number }): number {
  const seconds = input.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
  if (
    !Number.isInteger(seconds) ||
    seconds < 1 ||
    seconds > MAX_TIMEOUT_SECONDS
  ) {
    throw new InputError(
      `timeoutSeconds must be at most ${MAX_TIMEOUT_SECONDS} (a whole number of seconds, at least 1), got ${seconds}`,
    );
  }
  return seconds;
}
