import type { StageLinksResponse } from '@kargo-backstage/plugin-kargo-common';
import type { KargoService } from '@kargo-backstage/plugin-kargo-node';

/** One Stage. */
export interface StageRef {
  instance: string;
  project: string;
  stage: string;
}

/** Who asks: the person's Kargo ID token, when they sent one. */
export interface LinksCaller {
  kargoToken?: string;
  /** A signed-in person (never the portal's rights under `api.identity: user`). */
  personPresent: boolean;
}

interface Entry {
  at: number;
  answer: StageLinksResponse;
}

/**
 * A Stage's links as Kargo resolves them (`GET .../stages/{stage}/links`),
 * asked as the person (their ID token) or the portal (its API token) under
 * the instance's `api.identity`, the way writes are. Kargo's answer depends
 * only on the Stage and the ClusterConfig/ProjectConfig link templates, so a
 * successful one is kept briefly per Stage (never a token, never an error):
 * only callers the route let read the Stage (`kargo.stage.read`) get it.
 * Errors are the client's (`@backstage/errors` with Kargo's reason codes).
 */
export class StageLinksService {
  private readonly cache = new Map<string, Entry>();

  constructor(
    private readonly kargo: () => Pick<KargoService, 'kargoApi'>,
    private readonly options: {
      ttlMs?: number;
      maxEntries?: number;
      now?: () => number;
    } = {},
  ) {}

  async get(ref: StageRef, caller: LinksCaller): Promise<StageLinksResponse> {
    const now = this.options.now?.() ?? Date.now();
    const key = `${ref.instance}\u0000${ref.project}\u0000${ref.stage}`;
    const kept = this.cache.get(key);
    if (kept && now - kept.at < (this.options.ttlMs ?? 30_000)) {
      return kept.answer;
    }
    const client = this.kargo().kargoApi(ref.instance);
    const identity = client.resolveIdentity(caller.kargoToken, {
      personPresent: caller.personPresent,
    });
    const answer = await client.getStageLinks(ref.project, ref.stage, identity);
    this.cache.delete(key);
    this.cache.set(key, { at: now, answer });
    // Oldest first: a Map keeps insertion order.
    const max = this.options.maxEntries ?? 1_000;
    for (const old of this.cache.keys()) {
      if (this.cache.size <= max) break;
      this.cache.delete(old);
    }
    return answer;
  }
}
