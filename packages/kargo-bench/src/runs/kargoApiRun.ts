/**
 * `yarn bench --kargo-api`: acting as the person through Kargo's REST API
 * (issue 32). On the demo sandbox (its OpenID provider, Kargo API and RBAC)
 * and the real Kargo backend plugin with `api.identity: user` and
 * `api.authorizeReads`:
 * 1. promote as alice, `samples` times: the REST call's answer (Kargo's API
 *    created the Promotion) and the moment the plugin's Stage answer holds
 *    it (what the tab shows), p50/p95;
 * 2. authorized reads: each person reads the Kargo tab of a Component of two
 *    projects every second for `readSeconds`; the Kargo API calls the
 *    plugin made per person and project per minute.
 */
import {
  coreServices,
  createServiceFactory,
  type SchedulerServiceTaskInvocationDefinition,
} from '@backstage/backend-plugin-api';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import {
  DEMO_TOKENS,
  sandboxOidcSignIn,
  startSandbox,
} from '@kargo-backstage/kargo-sandbox';
import kargoPlugin from '@kargo-backstage/plugin-kargo-backend';
import type { AddressInfo } from 'node:net';
import { benchConfig, recordingScheduler } from './backend';
import { percentile } from './liveRun';

const ENTITY = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: {
    name: 'storefront',
    namespace: 'default',
    annotations: { 'kargo.akuity.io/project': 'checkout,payments' },
  },
  spec: { type: 'website', lifecycle: 'production', owner: 'team-a' },
};
const PEOPLE = [
  { email: 'alice@example.com', password: 'alice', ref: 'user:default/alice' },
  { email: 'bob@example.com', password: 'bob', ref: 'user:default/bob' },
];
const PROJECTS = 2;

export interface KargoApiFigures {
  promote: {
    samples: number;
    answerP50Ms: number;
    answerP95Ms: number;
    onTabP50Ms: number;
    onTabP95Ms: number;
  };
  authorizedReads: {
    people: number;
    projects: number;
    seconds: number;
    reads: number;
    kargoCalls: number;
    /** Calls per person, project and begun minute (at most 1 by design). */
    callsPerPersonProjectMinute: number;
  };
}

export async function runKargoApi(options: {
  samples: number;
  readSeconds: number;
  log: (line: string) => void;
}): Promise<KargoApiFigures> {
  const sandbox = await startSandbox({ port: 0, tokens: DEMO_TOKENS, stepDelayMs: 20 });
  const tasks: SchedulerServiceTaskInvocationDefinition[] = [];
  const backend = await startTestBackend({
    features: [
      kargoPlugin,
      mockServices.rootConfig.factory({
        data: {
          kargo: {
            instances: [
              {
                name: 'sandbox',
                url: sandbox.url,
                serviceAccountToken: 'sandbox-reader-token',
                api: {
                  url: sandbox.kargoApiUrl,
                  identity: 'user',
                  authProvider: 'oidc',
                  authorizeReads: true,
                },
              },
            ],
            refresh: { mode: 'poll', frequency: { minutes: 60 } },
          },
          integrations: benchConfig(sandbox.url).integrations,
        },
      }),
      mockServices.rootLogger.factory({ level: 'warn' }),
      createServiceFactory({
        service: coreServices.scheduler,
        deps: {},
        factory: () => recordingScheduler(tasks),
      }),
      mockServices.permissions.factory({ result: AuthorizeResult.ALLOW }),
      catalogServiceMock.factory({ entities: [ENTITY] }),
    ],
  });
  try {
    const refresh = tasks.find(t => t.id === 'kargo-snapshot-refresh:sandbox');
    await refresh!.fn(new AbortController().signal);
    const { port } = backend.server.address() as AddressInfo;
    const api = `http://127.0.0.1:${port}/api/kargo`;
    const tokens = await Promise.all(
      PEOPLE.map(async p => (await sandboxOidcSignIn(sandbox.oidcIssuer, p.email, p.password)).id_token),
    );
    const headers = (i: number) => ({
      authorization: mockCredentials.user.header(PEOPLE[i].ref),
      'backstage-kargo-authorization': `Bearer ${tokens[i]}`,
    });
    const promote = await measurePromote(api, sandbox.url, headers(0), options.samples, options.log);

    sandbox.kargoApi.reset();
    let reads = 0;
    const started = Date.now();
    while (Date.now() - started < options.readSeconds * 1000) {
      const tick = Date.now();
      const answered = await Promise.all(
        PEOPLE.map(async (_, i) => {
          const res = await fetch(`${api}/entities/component/default/storefront/stages`, { headers: headers(i) });
          if (!res.ok) throw new Error(`entity read: ${res.status} ${await res.text()}`);
          return res.json();
        }),
      );
      reads += answered.length;
      await new Promise(r => setTimeout(r, Math.max(0, 1000 - (Date.now() - tick))));
    }
    const seconds = (Date.now() - started) / 1000;
    const kargoCalls = Object.values(sandbox.kargoApi.reads().listStages ?? {}).reduce((a, b) => a + b, 0);
    return {
      promote,
      authorizedReads: {
        people: PEOPLE.length,
        projects: PROJECTS,
        seconds: Math.round(seconds),
        reads,
        kargoCalls,
        callsPerPersonProjectMinute: Number(
          (kargoCalls / (PEOPLE.length * PROJECTS * Math.ceil(seconds / 60))).toFixed(2),
        ),
      },
    };
  } finally {
    await backend.stop();
    await sandbox.stop();
  }
}

async function measurePromote(
  api: string,
  sandboxUrl: string,
  headers: Record<string, string>,
  samples: number,
  log: (line: string) => void,
): Promise<KargoApiFigures['promote']> {
  const stageUrl = `${api}/projects/checkout/stages/dev`;
  const freight = await currentFreight(sandboxUrl);
  const answers: number[] = [];
  const onTab: number[] = [];
  for (let i = 0; i < samples; i++) {
    const clicked = performance.now();
    const res = await fetch(`${stageUrl}/promote`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ freight }),
    });
    const body = await res.json();
    if (!res.ok) throw new Error(`promote: ${res.status} ${JSON.stringify(body)}`);
    answers.push(performance.now() - clicked);
    for (;;) {
      const stage = await (await fetch(stageUrl, { headers })).text();
      if (stage.includes(body.promotion)) break;
      await new Promise(r => setTimeout(r, 5));
    }
    onTab.push(performance.now() - clicked);
    // The next promotion after this one has run (Kargo runs one at a time).
    await new Promise(r => setTimeout(r, 200));
  }
  log(`promote: ${samples} Promotions through Kargo's API as alice`);
  const ms = (values: number[], p: number) => Math.round(percentile(values, p));
  return {
    samples,
    answerP50Ms: ms(answers, 50),
    answerP95Ms: ms(answers, 95),
    onTabP50Ms: ms(onTab, 50),
    onTabP95Ms: ms(onTab, 95),
  };
}

/** checkout/dev's current Freight, read the way Kargo's UI would (the Stage's freightHistory). */
async function currentFreight(sandboxUrl: string): Promise<string> {
  const res = await fetch(`${sandboxUrl}/apis/kargo.akuity.io/v1alpha1/namespaces/checkout/stages/dev`, {
    headers: { authorization: 'Bearer sandbox-admin-token' },
  });
  const stage = await res.json();
  const items = stage.status?.freightHistory?.[0]?.items ?? {};
  const name = (Object.values(items)[0] as { name?: string } | undefined)?.name;
  if (!name) throw new Error('checkout/dev has no current Freight in the demo fixtures');
  return name;
}
