import request from 'supertest';
import type { Entity } from '@backstage/catalog-model';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import { annotated } from '../__tests__/reliability/__testUtils__/callers';
import {
  kargoConfig,
  startReliabilityBackend,
  startSecretSandbox,
  userHeader,
  type Decision,
  type ReliabilityBackend,
} from '../__tests__/reliability/__testUtils__/harness';

// Issue 35, attack 20a: attack 19's fix (askAsAboutHidden) makes a missing
// project cost one permission question, as a hidden one does. But a hidden
// project costs a question only when there is a Stage to ask about:
// `filterAuthorizedStages` of no Stages asks nothing. Whoever registers an
// entity chooses its `kargo.akuity.io/stages` annotation, so an entity that
// names a Stage no project has makes every existing project cost no round
// trip and a missing one a round trip: the timing oracle of attack 19,
// inverted. And the round trip a missing project now costs is one per name
// annotated, unbounded: one page view of an entity annotated with 1,000
// made-up projects makes 1,000 sequential policy round trips (was 0).
jest.setTimeout(60_000);

const probe = (name: string, projects: string, stages?: string): Entity => {
  const entity = annotated(name, projects);
  return {
    ...entity,
    metadata: {
      ...entity.metadata,
      annotations: {
        ...entity.metadata.annotations,
        ...(stages ? { 'kargo.akuity.io/stages': stages } : {}),
      },
    },
  };
};

const MADE_UP = Array.from(
  { length: 1_000 },
  (_, i) => `made-up-${String(i).padStart(4, '0')}`,
);

describe('attack 20a: askAsAboutHidden on the entity route', () => {
  let sandbox: Sandbox;
  let backend: ReliabilityBackend;
  const asked: string[] = [];

  beforeAll(async () => {
    sandbox = await startSecretSandbox({ controller: false });
    // A project with no Stage yet (just created, or Warehouses only).
    sandbox.load({
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Project',
      metadata: { name: 'fresh' },
    } as any);
    backend = await startReliabilityBackend({
      sandbox,
      config: kargoConfig(sandbox),
      entities: [
        // An attacker's own registrations: a guessed project, and a Stage
        // name no project has.
        probe('probe-payments', 'payments', 'zz-no-such-stage'),
        probe('probe-nope', 'no-such-project', 'zz-no-such-stage'),
        probe('probe-many', MADE_UP.join(',')),
      ],
    });
    await backend.refresh();
    // The caller may read nothing of payments; every policy question counted.
    backend.decide((permission: string, ref?: string): Decision => {
      asked.push(`${permission} ${ref ?? ''}`);
      return permission.startsWith('kargo.') &&
        ref?.startsWith('sandbox/payments/')
        ? AuthorizeResult.DENY
        : AuthorizeResult.ALLOW;
    });
  });
  afterAll(async () => {
    await backend.stop();
    await sandbox.stop();
  });

  const questions = async (path: string) => {
    asked.length = 0;
    const res = await request(backend.server)
      .get(`/api/kargo${path}`)
      .set('Authorization', userHeader());
    return { res, asked: [...asked] };
  };

  it('an entity naming a Stage no project has: a hidden (existing) project costs no policy round trip, a missing one costs one (same answer)', async () => {
    const hidden = await questions(
      '/entities/component/default/probe-payments/stages',
    );
    const missing = await questions(
      '/entities/component/default/probe-nope/stages',
    );
    const neutral = (res: request.Response, name: string) =>
      JSON.parse(JSON.stringify(res.body).replaceAll(name, '<name>'));
    // The answers are alike ...
    expect(hidden.res.status).toBe(200);
    expect(neutral(hidden.res, 'payments')).toEqual(
      neutral(missing.res, 'no-such-project'),
    );
    // ... the work is not: the existing project none, the missing one a
    // round trip to the permission backend (measured: 0 vs 1 questions).
    expect(hidden.asked).toEqual([]);
    expect(missing.asked).toEqual([
      'kargo.stage.read sandbox/no-such-project/*',
    ]);
  });

  it('Stage list and AnalysisRun routes: an existing project without Stages costs no policy round trip, a missing one costs one (same 404)', async () => {
    for (const path of ['stages', 'analysis-runs/guess']) {
      const empty = await questions(`/projects/fresh/${path}`);
      const missing = await questions(`/projects/no-such-project/${path}`);
      expect(empty.res.status).toBe(404);
      expect(missing.res.status).toBe(404);
      expect(empty.res.body.error.message.replace('fresh', '<n>')).toEqual(
        missing.res.body.error.message.replace('no-such-project', '<n>'),
      );
      // Measured: 0 questions vs 1.
      expect(empty.asked).toEqual([]);
      expect(missing.asked).toEqual([
        'kargo.stage.read sandbox/no-such-project/*',
      ]);
    }
  });

  it('one view of an entity annotated with 1,000 made-up projects makes 1,000 policy round trips, one at a time', async () => {
    const many = await questions(
      '/entities/component/default/probe-many/stages',
    );
    expect(many.res.status).toBe(200);
    expect(many.res.body.errors).toHaveLength(1_000);
    // Measured: 1,000 questions (before attack 19's fix: 0), each its own
    // authorize call (an HTTP request to the permission backend, plus one
    // to apply-conditions under a conditional policy).
    expect(many.asked).toHaveLength(1_000);
    expect(new Set(many.asked).size).toBe(1_000);
  });
});
