/**
 * The name of the Stage a project's probe ref names: `*` is no Kubernetes
 * name, so no Stage has it. Every read of a project's Stages asks the policy
 * about `<instance>/<project>/*` in the same batch as its Stages, so a
 * missing project, an empty one, one whose Stages an entity filters to none
 * and a hidden one each cost one round trip to the permission backend: the
 * time of an answer does not tell whether a guessed project exists (issue 35,
 * attacks 19 and 20). The probe's decision is never used.
 */
export const PROJECT_PROBE_STAGE = '*';

/** The probe of a project (see {@link PROJECT_PROBE_STAGE}). */
export function projectProbe(where: { instance: string; project: string }) {
  return { ...where, name: PROJECT_PROBE_STAGE };
}

/** Whether a resource ref is a project's probe, not a Stage's. */
export function isProjectProbeRef(ref: string): boolean {
  return ref.endsWith(`/${PROJECT_PROBE_STAGE}`);
}
