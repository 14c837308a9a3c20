import {
  buildProjectP,
  countingReads,
  minimalDirectStage,
} from '../__testUtils__/projectBuild';
import { MAX_VARS } from '../pullRequests/expressions';
import { JsonSizes } from '../util/jsonSize';
import type { ProjectVerdict } from './budgetVerdicts';
import { ProjectIndexes } from './projectIndexes';

// Issue 35, attack 14. Attack 13 cut a Stage's status maps to what is read
// once per Stage object (ProjectIndexes.stage, boundedStage), so a build
// costs the bounds, not the Stage. Its spec is not cut: the pull-request
// walk (walkOwn -> gitStepsOfOwn) layers the Stage's `spec.vars` into a
// dictionary at the start of every build of the Stage (layerVars), before
// it knows whether any Git step will read one, so a Stage with no Git step
// at all still reads every var on every build. A project member writes
// `spec.vars` (any number of {name, value}: 1.5 MB is ~50,000 vars), and a
// Freight event rebuilds every Stage of the project: the same Stage
// objects, kept indexes and sizes, cost each of their vars again per event.
// Now the vars are layered only when a Git step needs them, and at most
// MAX_VARS (1,000) of a list are read.

const VARS = 50_000;

describe("a Stage's spec.vars a project member writes (attack 14)", () => {
  it('reads none of 50,000 vars (a 1.4 MB Stage) of a Stage without a Git step on a build, and at most 1,000 of a Stage with one (it read all on every build)', () => {
    const vars = countingReads(
      Array.from({ length: VARS }, (_, i) => ({
        name: `v${i.toString(36)}`,
        value: '',
      })),
    );
    const stage = minimalDirectStage('s');
    (stage.spec as unknown as Record<string, unknown>).vars = vars.list;
    expect(JSON.stringify(stage).length).toBeLessThan(1.5 * 2 ** 20);
    const kept = {
      indexes: new ProjectIndexes(),
      sizes: new JsonSizes(),
      projectVerdict: {} as ProjectVerdict,
    };

    const [first] = buildProjectP({ stages: [stage], ...kept });
    expect(first.detail.error).toBeNull();
    expect(first.repositories).toEqual([]);

    // A Freight event: the same Stage object built again.
    vars.reset();
    buildProjectP({ stages: [stage], ...kept });
    expect(vars.reads()).toBe(0);

    // With a Git step naming its repository by a var: the first 1,000 read.
    const withGit = minimalDirectStage('g');
    const spec = withGit.spec as unknown as Record<string, unknown>;
    spec.vars = [
      { name: 'repo', value: 'https://github.com/acme/app' },
      ...vars.list,
    ];
    spec.promotionTemplate = {
      spec: {
        steps: [{ uses: 'git-clone', config: { repoURL: '${{ vars.repo }}' } }],
      },
    };
    vars.reset();
    const [git] = buildProjectP({ stages: [withGit], ...kept });
    expect(git.repositories).toEqual(['https://github.com/acme/app']);
    expect(vars.reads()).toBeLessThanOrEqual(MAX_VARS);
  });
});
