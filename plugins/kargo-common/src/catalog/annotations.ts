import { KARGO_ANNOTATIONS } from '../constants';
import { isValidDnsLabel, isValidKubernetesName } from '../validation';

/**
 * Projects an entity's annotations name that are read. Each costs a round
 * trip to the permission backend per view (and under `api.authorizeReads` a
 * call to Kargo as the viewer), and anyone may register an entity naming
 * thousands (issue 35, attack 20); a real entity names one or a few.
 *
 * @public
 */
export const MAX_ENTITY_PROJECTS = 10;

/**
 * Stages an entity's `kargo.akuity.io/stages` names that are read: each
 * Stage of its projects is matched against them, and a 1 MB list of 170,000
 * names cost ~0.9 s per view and per catalog processing (issue 35, attack 21).
 *
 * @public
 */
export const MAX_ENTITY_STAGES = 100;

/** Names read of a list at most, blank, valid or not, so a list of 1 MB costs little. */
const MAX_NAMES_READ = 1_000;

/** @public */
export interface EntityKargoAnnotations {
  /** The configured Kargo instance the entity names, if any. */
  instance?: string;
  /**
   * Kargo Projects (namespaces), valid names only, each once: the first
   * {@link MAX_ENTITY_PROJECTS}.
   */
  projects: string[];
  /** The annotation names more projects than are read. */
  projectsLeftOut?: true;
  /**
   * Stages the entity restricts itself to (the first
   * {@link MAX_ENTITY_STAGES}); undefined when it does not restrict
   * (annotation absent or blank), `[]` when it names only invalid Stages (the
   * entity asked for specific Stages, none of which can exist).
   */
  stages?: string[];
  /** The annotation names more Stages than are read. */
  stagesLeftOut?: true;
}

/**
 * The first `max` distinct valid names of a comma list, and whether it
 * names more; undefined when it names none. At most MAX_NAMES_READ names are
 * read (a list past that names more).
 */
function commaList(
  value: string | undefined,
  valid: (name: string) => boolean,
  max: number,
): { names: string[]; more: boolean } | undefined {
  if (typeof value !== 'string') return undefined;
  const names = new Set<string>();
  let read = 0;
  let named = false;
  let more = false;
  for (let from = 0; from <= value.length; ) {
    // Blank names count too: 1 MB of commas is a million of them (attack 22).
    if (read === MAX_NAMES_READ) {
      more = true;
      break;
    }
    read++;
    const comma = value.indexOf(',', from);
    const end = comma < 0 ? value.length : comma;
    const name = value.slice(from, end).trim();
    from = end + 1;
    if (name === '') continue;
    named = true;
    if (!valid(name) || names.has(name)) continue;
    if (names.size === max) {
      more = true;
      break;
    }
    names.add(name);
  }
  if (!named && !more) return undefined;
  return { names: [...names], more };
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
  const projects = commaList(
    annotations?.[KARGO_ANNOTATIONS.project],
    isValidDnsLabel,
    MAX_ENTITY_PROJECTS,
  );
  const stages = commaList(
    annotations?.[KARGO_ANNOTATIONS.stages],
    isValidKubernetesName,
    MAX_ENTITY_STAGES,
  );
  // An instance name is a config key: one over 253 characters names none
  // (and is not echoed in every error of a view: attack 22).
  const trimmed = annotations?.[KARGO_ANNOTATIONS.instance]?.trim();
  const instance = trimmed && trimmed.length <= 253 ? trimmed : undefined;
  return {
    ...(instance ? { instance } : {}),
    projects: projects?.names ?? [],
    ...(projects?.more ? { projectsLeftOut: true as const } : {}),
    ...(stages ? { stages: stages.names } : {}),
    ...(stages?.more ? { stagesLeftOut: true as const } : {}),
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
