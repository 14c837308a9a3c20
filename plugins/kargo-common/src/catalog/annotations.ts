import { KARGO_ANNOTATIONS } from '../constants';
import { isValidDnsLabel, isValidKubernetesName } from '../validation';

/** @public */
export interface EntityKargoAnnotations {
  /** The configured Kargo instance the entity names, if any. */
  instance?: string;
  /** Kargo Projects (namespaces), valid names only, each once. */
  projects: string[];
  /**
   * Stages the entity restricts itself to; undefined when it does not
   * restrict (annotation absent or blank), `[]` when it names only invalid
   * Stages (the entity asked for specific Stages, none of which can exist).
   */
  stages?: string[];
}

function commaList(
  value: string | undefined,
  valid: (name: string) => boolean,
): string[] | undefined {
  if (typeof value !== 'string') return undefined;
  const names = value
    .split(',')
    .map(s => s.trim())
    .filter(s => s !== '');
  if (names.length === 0) return undefined;
  return [...new Set(names.filter(valid))];
}

/**
 * The Kargo annotations of a catalog entity: `kargo.akuity.io/project` (one
 * Project or a comma list), optional `kargo.akuity.io/stages` (comma list) and
 * `kargo.akuity.io/instance`. Names are trimmed; names that cannot be Project
 * names (DNS-1123 labels, as namespaces) or Stage names (DNS-1123
 * subdomains) are ignored.
 *
 * @public
 */
export function parseEntityKargoAnnotations(
  annotations: Record<string, string> | undefined,
): EntityKargoAnnotations {
  const projects =
    commaList(annotations?.[KARGO_ANNOTATIONS.project], isValidDnsLabel) ?? [];
  const stages = commaList(
    annotations?.[KARGO_ANNOTATIONS.stages],
    isValidKubernetesName,
  );
  const instance = annotations?.[KARGO_ANNOTATIONS.instance]?.trim();
  return {
    ...(instance ? { instance } : {}),
    projects,
    ...(stages ? { stages } : {}),
  };
}

/**
 * True when annotations name a Stage of an instance they were already
 * matched to: of one of their projects, and in their
 * `kargo.akuity.io/stages` list when they have one. The one rule the API,
 * the catalog module and the assistant's filter apply.
 *
 * @public
 */
export function annotationsNameStage(
  annotations: Pick<EntityKargoAnnotations, 'projects' | 'stages'>,
  stage: { project: string; name: string },
): boolean {
  return (
    annotations.projects.includes(stage.project) &&
    (!annotations.stages || annotations.stages.includes(stage.name))
  );
}

/**
 * True when the entity's annotations name the Stage: of their instance (or
 * the default one), and by `annotationsNameStage`.
 *
 * @public
 */
export function entityNamesStage(
  entity: { annotations: EntityKargoAnnotations; defaultInstance: string },
  stage: { instance: string; project: string; name: string },
): boolean {
  const { annotations, defaultInstance } = entity;
  return (
    (annotations.instance ?? defaultInstance) === stage.instance &&
    annotationsNameStage(annotations, stage)
  );
}
