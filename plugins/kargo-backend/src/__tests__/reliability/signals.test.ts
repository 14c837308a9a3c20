import request from 'supertest';
import WebSocket from 'ws';
import type { AddressInfo } from 'node:net';
import signalsPlugin from '@backstage/plugin-signals-backend';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import type {
  AnalysisRunResponse,
  EntityStagesResponse,
} from '@kargo-backstage/plugin-kargo-common';
import { realEventsService } from './__testUtils__/eventsModules';
import {
  kargoConfig,
  startReliabilityBackend,
  startSecretSandbox,
  userHeader,
  type ReliabilityBackend,
} from './__testUtils__/harness';
import { until } from './__testUtils__/sandboxRuns';

// Real servers and sockets on a shared, loaded machine.
jest.setTimeout(60_000);

const ENTITY_STAGES =
  '/api/kargo/entities/component/default/checkout-service/stages';

/** A WebSocket to signals-backend and every frame it received. */
interface Socket {
  ws: WebSocket;
  frames: string[];
  subscribe(channel: string): void;
}

/**
 * Backstage's signals plugin (signals-backend 0.3.19) on the same backend as
 * the Kargo plugin, with one events bus: what a browser or anyone else on
 * the network sees through /api/signals.
 */
describe('live updates through Backstage signals', () => {
  let sandbox: Sandbox;
  let backend: ReliabilityBackend;
  const sockets: WebSocket[] = [];

  beforeEach(async () => {
    sandbox = await startSecretSandbox({ controller: false });
    backend = await startReliabilityBackend({
      sandbox,
      config: {
        ...kargoConfig(sandbox),
        events: { useEventBus: 'never' },
      },
      features: [realEventsService, signalsPlugin],
    });
    await backend.refresh();
  });
  afterEach(async () => {
    sockets.forEach(s => s.terminate());
    sockets.length = 0;
    await backend.stop();
    await sandbox.stop();
  });

  /** One attempt: signals-backend leaves the first socket after its start unanswered. */
  const attempt = (url: string) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(url); // no token: not signed in
      sockets.push(ws);
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error('no answer'));
      }, 1_500);
      ws.once('open', () => {
        clearTimeout(timer);
        resolve(ws);
      });
      ws.once('error', error => {
        clearTimeout(timer);
        reject(error);
      });
    });

  async function openSocket(): Promise<Socket> {
    const { port } = backend.server.address() as AddressInfo;
    const url = `ws://127.0.0.1:${port}/api/signals`;
    let ws: WebSocket | undefined;
    for (let i = 0; !ws && i < 5; i++) {
      ws = await attempt(url).catch(() => undefined);
    }
    if (!ws) throw new Error('signals-backend accepted no WebSocket');
    const frames: string[] = [];
    ws.on('message', data => frames.push(data.toString()));
    return {
      ws,
      frames,
      subscribe: channel =>
        ws!.send(JSON.stringify({ action: 'subscribe', channel })),
    };
  }

  /** A real change of a checkout Stage, as Kargo's controller would write it. */
  function changeCheckoutStage() {
    const rt = sandbox.registry.find('kargo.akuity.io', 'v1alpha1', 'stages')!;
    const stage = sandbox.store.list(rt, 'checkout')[0];
    sandbox.store.update(rt, {
      ...stage,
      status: {
        ...(stage.status as object),
        health: { status: 'Unhealthy' },
      },
    });
  }

  it('a socket that is not signed in and holds no channel learns no project name; the holder of the channel gets only a change counter', async () => {
    const answer = await request(backend.server)
      .get(ENTITY_STAGES)
      .set('Authorization', userHeader());
    expect(answer.status).toBe(200);
    const { signalChannels } = answer.body as EntityStagesResponse;
    expect(signalChannels).toHaveLength(1);
    const [channel] = signalChannels!;
    expect(channel).not.toMatch(/checkout|sandbox/);

    // An outsider subscribes to every name one could guess from a project.
    const outsider = await openSocket();
    for (const guess of [
      'kargo:project:sandbox/checkout',
      'kargo:project:checkout',
      'kargo:checkout',
      'kargo:sandbox/checkout',
    ]) {
      outsider.subscribe(guess);
    }
    // A page given the channel (its socket is no different: the channel is the secret).
    const page = await openSocket();
    page.subscribe(channel);
    await new Promise(r => setTimeout(r, 200));

    changeCheckoutStage();
    await until(
      async () => (page.frames.length ? true : undefined),
      'the signal of the change',
    );
    await new Promise(r => setTimeout(r, 300));

    expect(outsider.frames).toEqual([]);
    for (const frame of page.frames) {
      expect(JSON.parse(frame)).toEqual({
        channel,
        message: { change: expect.any(Number) },
      });
      expect(frame).not.toMatch(/checkout|sandbox/);
    }
  });

  it('hands the channel out only with what the caller may read', async () => {
    backend.decide(() => AuthorizeResult.DENY);
    const denied = await request(backend.server)
      .get(ENTITY_STAGES)
      .set('Authorization', userHeader());
    expect(denied.status).toBe(200);
    expect((denied.body as EntityStagesResponse).items).toEqual([]);
    expect((denied.body as EntityStagesResponse).signalChannels).toEqual([]);

    backend.decide(() => AuthorizeResult.ALLOW);
    const allowed = (
      await request(backend.server)
        .get(ENTITY_STAGES)
        .set('Authorization', userHeader())
    ).body as EntityStagesResponse;
    const run = allowed.items
      .flatMap(s => s.verifications)
      .find(v => v.analysisRun)?.analysisRun;
    expect(run).toBeDefined();
    const detail = await request(backend.server)
      .get(`/api/kargo/projects/checkout/analysis-runs/${run!.name}`)
      .set('Authorization', userHeader());
    expect(detail.status).toBe(200);
    expect((detail.body as AnalysisRunResponse).signalChannel).toBe(
      allowed.signalChannels![0],
    );
  });
});
