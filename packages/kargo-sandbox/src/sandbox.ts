/**
 * startSandbox: one loopback HTTP server (plus optional HTTPS with a generated
 * CA) serving the Kubernetes API with Kargo's CRDs, the GitHub and GitLab
 * fakes, and the simulated Kargo controller.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { KargoController } from './controller';
import {
  DEMO_FIXTURES_DIR,
  loadFixtureDir,
  loadFixtureText,
  loadObject,
} from './fixtures';
import { SandboxFaults } from './faults';
import { SandboxJobLogs } from './kargoApi/jobLogs';
import {
  BITBUCKET_CLOUD_API_BASE,
  createGitHandler,
  GitFakeStore,
} from './git';
import type { GitHubAppOptions } from './git/githubApp';
import { createKubeApiHandler, KubeApiContext } from './kube/api';
import { TokenPolicy } from './kube/auth';
import { ResourceRegistry, loadCrdResourceTypes } from './kube/resources';
import { KubeObject, ObjectStore } from './kube/store';
import { SchemaValidator } from './kube/validation';
import { generateCertificate } from './tls';
import {
  createKargoApiHandler,
  KargoApiOidcOptions,
  KargoApiStats,
  KARGO_API_PREFIX,
} from './kargoApi';
import { KargoAuthenticator } from './kargoApi/authn';
import {
  createOidcProvider,
  DEMO_OIDC_CLIENTS,
  SandboxOidcClient,
} from './oidc/provider';
import { UserDirectory } from './oidc/users';
import { RbacAuthorizer } from './rbac/rbac';
import {
  createAdmissionHook,
  createWebhookContext,
  DEFAULT_CONTROL_PLANE_USER_REGEX,
} from './webhooks';

/** @public */
export interface SandboxOptions {
  /** HTTP port; 0 (default) picks a free one. */
  port?: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** Fixture directories; default the demo scenarios; false loads nothing. */
  fixtures?: string | readonly string[] | false;
  /** Kubernetes bearer tokens and their verbs; none (default) means no auth. */
  tokens?: TokenPolicy;
  /** Also serve HTTPS with a generated CA (`caData`); true = ephemeral port. */
  https?: boolean;
  /** HTTPS port when `https` is set; default 0. */
  httpsPort?: number;
  /** Delay of each simulated controller step; default 1500 ms. */
  stepDelayMs?: number;
  /** How often watches that allow bookmarks get one; default 5000 ms. */
  bookmarkIntervalMs?: number;
  /** Run the simulated controller (default true). */
  controller?: boolean;
  githubToken?: string;
  gitlabToken?: string;
  bitbucketToken?: string;
  /**
   * A GitHub App (id and PEM public key) whose signed JWTs may list its
   * installations (one per repository owner) and mint installation tokens.
   */
  githubApp?: GitHubAppOptions;
  log?: (message: string) => void;
  /**
   * Kargo's admission webhooks on writes through the Kubernetes API
   * (default true): Promotion names, create-actor, steps from the Stage,
   * reverify/abort actors.
   */
  admissionWebhooks?: boolean;
  /** Usernames treated as Kargo's control plane by the webhooks (a regex; default the chart's). */
  controlPlaneUserRegex?: string;
  /** The Kargo API's OpenID settings (`/kargo-api/v1beta1/system/public-server-config`). */
  kargoApi?: KargoApiOidcOptions;
  /** The OpenID provider's issuer; default `<url>/oidc` (set it to the public URL behind a proxy). */
  oidcIssuer?: string;
  /** OIDC clients; default the demo's Backstage client. */
  oidcClients?: SandboxOidcClient[];
  /** Lifetime of ID tokens in seconds (default 3600; tests shorten it). */
  idTokenTtlSeconds?: number;
  /**
   * Called first for every request of every API (e.g. to count requests
   * without putting a proxy, and its copy of every body, in front).
   */
  onRequest?: (req: http.IncomingMessage, res: http.ServerResponse) => void;
}

/** A running sandbox. @public */
export interface Sandbox {
  /** Kubernetes API base, e.g. http://127.0.0.1:7008. */
  url: string;
  httpsUrl?: string;
  /** Base64 PEM of the CA that signed the HTTPS certificate. */
  caData?: string;
  /** GitHub REST base (`integrations.github[].apiBaseUrl`). */
  githubApiUrl: string;
  /** GitLab base (`integrations.gitlab[].baseUrl`); the API is under /api/v4. */
  gitlabUrl: string;
  /** Bitbucket Cloud REST 2.0 base (`integrations.bitbucketCloud[].apiBaseUrl`). */
  bitbucketApiUrl: string;
  /** The Kubernetes object store. */
  store: ObjectStore;
  /** The GitHub/GitLab fake store. */
  git: GitFakeStore;
  registry: ResourceRegistry;
  controller?: KargoController;
  /** Fault injection and request counters in front of every API. */
  faults: SandboxFaults;
  /** Kargo REST API base (`kargo.instances[].api.url`), e.g. http://127.0.0.1:7008/kargo-api. */
  kargoApiUrl: string;
  /** The OpenID provider's issuer, e.g. http://127.0.0.1:7008/oidc. */
  oidcIssuer: string;
  /** Counters of Kargo API writes by endpoint and status. */
  kargoApi: KargoApiStats;
  /** The log backend of AnalysisRun job logs (tests add logs or break streams). */
  jobLogs: SandboxJobLogs;
  /** The people who may sign in (from OIDCUser fixtures). */
  users: UserDirectory;
  /**
   * Cuts every open watch stream (destroys its connection, as a proxy or a
   * restarting API server would) and answers how many were cut.
   */
  cutWatches(): number;
  /** Loads more objects as fixtures (status kept): YAML text or objects. */
  load(input: string | KubeObject | KubeObject[]): void;
  /**
   * Loads like `load` (each object validated the same way), as one bulk load
   * for fleets: one copy of each object is stored, with a resourceVersion but
   * no watch event; a watch from before it gets 410 Expired and relists (as
   * after an etcd compaction). The simulated controller then looks at
   * everything stored, as when it starts.
   */
  bulkLoad(input: string | KubeObject | KubeObject[]): void;
  stop(): Promise<void>;
}

function listen(
  server: http.Server | https.Server,
  port: number,
  host: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () =>
      resolve((server.address() as AddressInfo).port),
    );
  });
}

function trackSockets(server: http.Server | https.Server): Set<Socket> {
  const sockets = new Set<Socket>();
  server.on('connection', s => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return sockets;
}

/** @public */
export async function startSandbox(
  options: SandboxOptions = {},
): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const registry = new ResourceRegistry(loadCrdResourceTypes());
  const store = new ObjectStore();
  const validator = new SchemaValidator();
  const git = new GitFakeStore();
  const users = new UserDirectory();
  const targets = { registry, store, validator, git, users };
  if (options.fixtures !== false) {
    for (const dir of [options.fixtures ?? DEMO_FIXTURES_DIR].flat())
      loadFixtureDir(targets, dir);
  }

  const ctx: KubeApiContext = {
    registry,
    store,
    validator,
    tokens: options.tokens,
    watches: new Set(),
    bookmarkIntervalMs: options.bookmarkIntervalMs,
  };
  const rbac = new RbacAuthorizer(store, registry);
  ctx.rbac = rbac;
  const webhooks = createWebhookContext(
    store,
    registry,
    rbac,
    new RegExp(
      options.controlPlaneUserRegex ?? DEFAULT_CONTROL_PLANE_USER_REGEX,
    ),
  );
  if (options.admissionWebhooks !== false)
    ctx.admission = createAdmissionHook(webhooks);
  const kargoApiStats = new KargoApiStats();
  const jobLogs = new SandboxJobLogs();
  // Set once the port is known (the issuer names it).
  const mounted: {
    kargoApi?: ReturnType<typeof createKargoApiHandler>;
    oidc?: Awaited<ReturnType<typeof createOidcProvider>>;
  } = {};
  const kube = createKubeApiHandler(ctx);
  const faults = new SandboxFaults();
  const gitHandler = createGitHandler(git, {
    githubToken: options.githubToken,
    gitlabToken: options.gitlabToken,
    bitbucketToken: options.bitbucketToken,
    githubApp: options.githubApp,
  });
  const handle = async (
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ) => {
    try {
      options.onRequest?.(req, res);
      if (await faults.intercept(req, res)) return;
      if (req.url === '/sandbox/kargo-api/stats') {
        if (req.method === 'DELETE') kargoApiStats.reset();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            ...kargoApiStats.stats(),
            reads: kargoApiStats.reads(),
          }),
        );
        return;
      }
      if (mounted.kargoApi && (await mounted.kargoApi(req, res))) return;
      if (mounted.oidc && (await mounted.oidc.handle(req, res))) return;
      if (await kube(req, res)) return;
      if (await gitHandler(req, res)) return;
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ message: `Not found: ${req.method} ${req.url}` }),
      );
    } catch (e) {
      log(`request failed: ${(e as Error).message}`);
      if (!res.headersSent)
        res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Internal sandbox error' }));
    }
  };

  const servers: Array<{
    server: http.Server | https.Server;
    sockets: Set<Socket>;
  }> = [];
  const httpServer = http.createServer(handle);
  servers.push({ server: httpServer, sockets: trackSockets(httpServer) });
  const port = await listen(httpServer, options.port ?? 0, host);
  const url = `http://${host}:${port}`;
  const oidcIssuer = options.oidcIssuer ?? `${url}/oidc`;
  mounted.oidc = await createOidcProvider({
    issuer: oidcIssuer,
    users,
    clients: options.oidcClients ?? DEMO_OIDC_CLIENTS,
    idTokenTtlSeconds: options.idTokenTtlSeconds,
  });
  const kargoOidc = {
    issuer: options.kargoApi?.issuer ?? oidcIssuer,
    clientId: options.kargoApi?.clientId ?? 'kargo',
    cliClientId: options.kargoApi?.cliClientId ?? 'backstage',
    scopes: options.kargoApi?.scopes ?? [
      'openid',
      'profile',
      'email',
      'groups',
    ],
    globalServiceAccountNamespaces:
      options.kargoApi?.globalServiceAccountNamespaces ?? [],
  };
  mounted.kargoApi = createKargoApiHandler(
    {
      store,
      registry,
      validator,
      rbac,
      webhooks,
      globalServiceAccountNamespaces: kargoOidc.globalServiceAccountNamespaces,
      jobLogs: options.kargoApi?.analysisRunLogs === false ? undefined : jobLogs,
    },
    new KargoAuthenticator(
      {
        ...kargoOidc,
        clientIds: [kargoOidc.clientId, kargoOidc.cliClientId].filter(Boolean),
      },
      options.tokens,
      store,
      registry,
    ),
    kargoOidc,
    kargoApiStats,
    log,
  );

  let httpsUrl: string | undefined;
  let caData: string | undefined;
  if (options.https || options.httpsPort !== undefined) {
    const cert = generateCertificate();
    const tlsServer = https.createServer(
      { key: cert.key, cert: cert.cert },
      handle,
    );
    servers.push({ server: tlsServer, sockets: trackSockets(tlsServer) });
    const tlsPort = await listen(tlsServer, options.httpsPort ?? 0, host);
    httpsUrl = `https://${host}:${tlsPort}`;
    caData = Buffer.from(cert.cert).toString('base64');
  }

  const controller =
    options.controller === false
      ? undefined
      : new KargoController({
          store,
          registry,
          validator,
          git,
          stepDelayMs: options.stepDelayMs,
          log,
        });
  controller?.start();

  const load = (input: string | KubeObject | KubeObject[]) => {
    if (typeof input === 'string') loadFixtureText(targets, input, 'load()');
    else
      for (const o of Array.isArray(input) ? input : [input])
        loadObject(targets, o, 'load()');
  };

  return {
    url,
    httpsUrl,
    caData,
    githubApiUrl: `${url}/github/api/v3`,
    gitlabUrl: `${url}/gitlab`,
    bitbucketApiUrl: `${url}${BITBUCKET_CLOUD_API_BASE}`,
    kargoApiUrl: `${url}${KARGO_API_PREFIX}`,
    oidcIssuer,
    kargoApi: kargoApiStats,
    jobLogs,
    users,
    store,
    git,
    registry,
    controller,
    faults,
    cutWatches() {
      const open = [...ctx.watches];
      for (const w of open) w.socket?.destroy();
      return open.length;
    },
    load,
    bulkLoad(input) {
      store.bulkLoad(() => load(input));
      controller?.resync();
    },
    async stop() {
      controller?.stop();
      faults.close();
      for (const w of ctx.watches) w.end();
      await Promise.all(
        servers.map(
          ({ server, sockets }) =>
            new Promise<void>(resolve => {
              server.close(() => resolve());
              for (const s of sockets) s.destroy();
            }),
        ),
      );
    },
  };
}
