/**
 * `yarn bench --catalog`: the catalog at the fleet's size. From a fresh
 * database: how long until the catalog holds, and search finds, every
 * `kargo-stage` entity; what an unchanged fleet costs the catalog (the
 * provider's mutations, entities rewritten); how long one Stage's change takes
 * to reach its entity and the rollup of a Component naming it.
 */
import { startTestPostgres, type TestPostgres } from '@kargo-backstage/kargo-sandbox';
import {
  KARGO_ANNOTATIONS,
  KARGO_STAGE_ENTITY_TYPE,
  stageEntityName,
  type StageDetail,
} from '@kargo-backstage/plugin-kargo-common';
import type { FleetSpec } from '../../fleet/generate';
import { projectName, stageName } from '../../fleet/generate';
import { measure } from '../../measure';
import { startBenchSandbox, type BenchSandbox } from '../../sandbox/parent';
import {
  DEFAULT_SCHEDULES,
  startCatalogBackend,
  type CatalogSchedules,
  type CatalogBackend,
  type CatalogDatabase,
} from './catalogBackend';
import { compareStored, type StoredEntity, type UnchangedFleet } from './unchangedFleet';

export type CatalogDb = 'sqlite' | 'pg';

export interface CatalogFigures {
  db: CatalogDb;
  stages: number;
  /** The Kargo backend's first full refresh, from the backend's start. */
  kargoRefreshMs: number;
  /** From the backend's start until the catalog holds every kargo-stage entity (null: not within the timeout). */
  allEntitiesMs: number | null;
  /** ... and until search finds them all. */
  searchMs: number | null;
  searchFound: number;
  /** A second Kargo refresh, nothing changed: the provider's mutations after it and entities whose etag changed. */
  unchanged: UnchangedFleet;
  /** One Stage's current verification changed in the sandbox. */
  change: {
    /** From the change until the Kargo backend's snapshot holds it (the bench runs the refresh at once). */
    snapshotMs: number;
    /** From the snapshot holding it until the Stage entity shows it, and the Component's rollup. */
    entityMs: number | null;
    rollupMs: number | null;
    /** entityMs in provider intervals (catalog.providers.kargo.schedule.frequency). */
    entityIntervals: number | null;
    mutations: string[];
  };
  peakRssMb: number;
  providerFrequencyS: number;
  collatorFrequencyS: number;
}

const COMPONENT = { project: projectName(0), stage: stageName(0), name: 'bench-catalog' };
const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));

async function getJson<T>(url: string): Promise<T | undefined> {
  try {
    const res = await fetch(url);
    return res.ok ? ((await res.json()) as T) : undefined;
  } catch {
    return undefined;
  }
}

/** Polls until `check` holds; the time it took from `since`, or null after the timeout. */
async function until(check: () => Promise<boolean>, since: number, timeoutMs: number, everyMs = 500) {
  while (Date.now() - since < timeoutMs) {
    if (await check()) return Date.now() - since;
    await sleep(everyMs);
  }
  return null;
}

const stageFilter = `filter=kind=resource,spec.type=${KARGO_STAGE_ENTITY_TYPE}`;

async function entityCount(b: CatalogBackend): Promise<number> {
  const body = await getJson<{ totalItems: number }>(
    `${b.origin}/api/catalog/entities/by-query?${stageFilter}&limit=1&fields=metadata.name`,
  );
  return body?.totalItems ?? 0;
}

async function searchCount(b: CatalogBackend): Promise<number> {
  const query = `term=kargo&types%5B0%5D=software-catalog&filters%5Btype%5D=${KARGO_STAGE_ENTITY_TYPE}&pageLimit=1`;
  const body = await getJson<{ numberOfResults?: number }>(`${b.origin}/api/search/query?${query}`);
  return body?.numberOfResults ?? 0;
}

/** Every kargo-stage entity as the catalog serves it (its etag changes whenever the stored entity does). */
async function storedEntities(b: CatalogBackend): Promise<Map<string, StoredEntity>> {
  const result = new Map<string, StoredEntity>();
  let cursor: string | undefined;
  do {
    // Ordered by name: a stable order to page through.
    const page = cursor ? `cursor=${encodeURIComponent(cursor)}` : `${stageFilter}&orderField=metadata.name,asc`;
    const body = await getJson<{ items: StoredEntity[]; pageInfo: { nextCursor?: string } }>(
      `${b.origin}/api/catalog/entities/by-query?${page}&limit=1000`,
    );
    if (!body) throw new Error('the catalog did not answer the entity query');
    for (const e of body.items) result.set(e.metadata.name, e);
    cursor = body.pageInfo.nextCursor;
  } while (cursor);
  return result;
}

async function annotation(b: CatalogBackend, kind: string, name: string, key: string) {
  const entity = await getJson<{ metadata: { annotations?: Record<string, string> } }>(
    `${b.origin}/api/catalog/entities/by-name/${kind}/default/${name}`,
  );
  return entity?.metadata.annotations?.[key];
}

/** Waits until the provider ran `runs` more times. */
async function providerRunsAfter(b: CatalogBackend, runs: number) {
  const target = b.providerRuns.length + runs;
  while (b.providerRuns.length < target) await sleep(250);
}

const described = (m: CatalogBackend['mutations']) => m.map(x => `${x.type} ${x.entities}`);

async function unchangedCost(b: CatalogBackend): Promise<CatalogFigures['unchanged']> {
  const before = await storedEntities(b);
  const firstMutation = b.mutations.length;
  await b.refreshKargo();
  await providerRunsAfter(b, 2);
  const after = await storedEntities(b);
  return { mutations: described(b.mutations.slice(firstMutation)), ...compareStored(before, after) };
}

async function oneChange(b: CatalogBackend, sandbox: BenchSandbox, providerS: number): Promise<CatalogFigures['change']> {
  const { project, stage } = COMPONENT;
  const kargoApi = `${b.origin}/api/kargo/projects/${project}/stages/${stage}`;
  const detail = await getJson<StageDetail>(kargoApi);
  const current = detail?.verifications.find(v => v.current)?.analysisRun?.name;
  if (!detail || !current) throw new Error(`${project}/${stage} has no current verification to change`);
  const firstMutation = b.mutations.length;
  const [run] = await sandbox.flipRun(project, current);
  await b.refreshKargo();
  const snapshotAt = Date.now();
  const phase = (await getJson<StageDetail>(kargoApi))?.verificationPhase;
  if (!run || !phase || phase === detail.verificationPhase) {
    throw new Error(`the change of ${current} did not change ${project}/${stage}'s verification phase`);
  }
  const entityName = stageEntityName('bench', project, stage);
  const shows = (kind: string, name: string) => async () =>
    (await annotation(b, kind, name, KARGO_ANNOTATIONS.verificationPhase)) === phase;
  const timeout = 6 * providerS * 1000;
  const [entityMs, rollupMs] = await Promise.all([
    until(shows('resource', entityName), snapshotAt, timeout, 250),
    until(shows('component', COMPONENT.name), snapshotAt, timeout + 300_000, 250),
  ]);
  return {
    snapshotMs: snapshotAt - run.at,
    entityMs,
    rollupMs,
    entityIntervals: entityMs === null ? null : Math.round((entityMs / (providerS * 1000)) * 100) / 100,
    mutations: described(b.mutations.slice(firstMutation)),
  };
}

async function databaseOf(db: CatalogDb): Promise<{ database: CatalogDatabase; pg?: TestPostgres }> {
  if (db === 'sqlite') return { database: { client: 'better-sqlite3', connection: ':memory:' } };
  const pg = await startTestPostgres();
  return { database: { client: 'pg', connection: { host: pg.host, port: pg.port, user: pg.user } }, pg };
}

async function runOnDatabase(
  db: CatalogDb,
  sandbox: BenchSandbox,
  schedules: CatalogSchedules,
  log: (l: string) => void,
): Promise<CatalogFigures> {
  const stages = sandbox.fleet.stages;
  const { database, pg } = await databaseOf(db);
  let backend: CatalogBackend | undefined;
  try {
    const { result, cost } = await measure(async () => {
      const started = Date.now();
      const b = (backend = await startCatalogBackend({ sandboxUrl: sandbox.url, database, component: COMPONENT, schedules }));
      await b.refreshKargo();
      const kargoRefreshMs = Date.now() - started;
      log(`${db}: backend up and Kargo refreshed in ${kargoRefreshMs} ms`);
      const allEntitiesMs = await until(async () => (await entityCount(b)) >= stages, started, 15 * 60_000, 1000);
      log(`${db}: ${stages} kargo-stage entities in the catalog after ${allEntitiesMs} ms`);
      const searchMs = await until(async () => (await searchCount(b)) >= stages, started, 20 * 60_000, 2000);
      const searchFound = await searchCount(b);
      log(`${db}: search finds ${searchFound} after ${searchMs} ms`);
      const unchanged = await unchangedCost(b);
      log(`${db}: unchanged fleet: ${JSON.stringify(unchanged)}`);
      const change = await oneChange(b, sandbox, schedules.providerS);
      log(`${db}: one change: ${JSON.stringify(change)}`);
      return { kargoRefreshMs, allEntitiesMs, searchMs, searchFound, unchanged, change };
    });
    return {
      db,
      stages,
      ...result,
      peakRssMb: cost.peakRssMb,
      providerFrequencyS: schedules.providerS,
      collatorFrequencyS: schedules.collatorS,
    };
  } finally {
    await backend?.stop();
    await pg?.stop();
  }
}

export async function runCatalog(options: {
  spec: FleetSpec;
  databases: CatalogDb[];
  log: (line: string) => void;
  /** Shorter schedules for the smoke run; the defaults otherwise. */
  schedules?: CatalogSchedules;
}): Promise<CatalogFigures[]> {
  const sandbox = await startBenchSandbox(options.spec);
  options.log(`sandbox (pid ${sandbox.pid}) with ${sandbox.fleet.stages} Stages loaded in ${sandbox.loadMs} ms`);
  try {
    const figures: CatalogFigures[] = [];
    for (const db of options.databases) {
      figures.push(await runOnDatabase(db, sandbox, options.schedules ?? DEFAULT_SCHEDULES, options.log));
    }
    return figures;
  } finally {
    await sandbox.stop();
  }
}

/** What a catalog run that went to the end must show (counts, never times). */
export function catalogFailures(f: CatalogFigures): string[] {
  const failures: string[] = [];
  const where = `catalog on ${f.db}`;
  if (f.allEntitiesMs === null) failures.push(`${where}: the catalog never held the ${f.stages} kargo-stage entities`);
  if (f.searchFound < f.stages) failures.push(`${where}: search found ${f.searchFound} of ${f.stages} Stage entities`);
  if (f.unchanged.entitiesRewritten > 0 || f.unchanged.notListedBefore > 0 || f.unchanged.mutations.length > 0) {
    failures.push(
      `${where}: an unchanged fleet rewrote ${f.unchanged.entitiesRewritten} entities ` +
        `(${JSON.stringify(f.unchanged.rewrittenFields)}; ${f.unchanged.notListedBefore} not listed before; ` +
        `mutations: ${f.unchanged.mutations.join('; ')})`,
    );
  }
  if (f.change.entityMs === null) failures.push(`${where}: the changed Stage never reached its entity`);
  if (f.change.rollupMs === null) failures.push(`${where}: the changed Stage never reached the Component's rollup`);
  return failures;
}
