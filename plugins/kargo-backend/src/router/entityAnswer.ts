import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import type { Request, Response } from 'express';
import {
  servedFields,
  type FoundProject,
} from '../services/snapshot/queries/lookup';
import { servedJson } from './servedJson';

const gzipped = promisify(gzip);

/** A Stage of the answer and the project it was found in. */
export interface ServedStage {
  found: FoundProject;
  stage: StageDetail;
}

interface Answer {
  body: Buffer;
  etag: string;
  gzip?: Promise<Buffer | undefined>;
}

/**
 * How many whole answers are kept: the Kargo tabs open at once (an answer of
 * 50 Stages is ~1.2 MB, its gzip ~0.1 MB; at most ~20 MB).
 */
const KEPT = 16;
/**
 * Bytes of answers kept at most, all together: an answer holds every Stage
 * of the entity's projects, and a project member's Stages may be far larger
 * than ~20 KB each (issue 35, attack 7). A larger answer is built again
 * when asked for again.
 */
const KEPT_BYTES = 64 * 1_048_576;
/** Below this a body goes out as it is (gzip would not pay). */
const GZIP_MIN_BYTES = 1024;

const answers = new Map<string, Answer>();
let keptBytes = 0;
const ids = new WeakMap<StageDetail, number>();
let nextId = 0;

function idOf(stage: StageDetail): number {
  let id = ids.get(stage);
  if (id === undefined) {
    id = nextId++;
    ids.set(stage, id);
  }
  return id;
}

/**
 * What the answer is made of, without building it: each snapshot Stage by
 * identity (a refresh builds new objects and never changes one it served)
 * with its freshness fields of this request, and the rest of the answer.
 */
function keyOf(stages: readonly ServedStage[], rest: string): string {
  let key = rest;
  for (const { found, stage } of stages) {
    key += `|${idOf(stage)}${JSON.stringify(servedFields(found, stage))}`;
  }
  return key;
}

/** Express's weak ETag format, computed once per answer. */
function etagOf(body: Buffer): string {
  const hash = createHash('sha1').update(body).digest('base64').slice(0, 27);
  return `W/"${body.length.toString(16)}-${hash}"`;
}

/** What the route answers besides its items (EntityStagesResponse). */
interface AnswerRest {
  errors?: Array<{ instance: string; project: string; message: string }>;
}

/**
 * Characters of Stages one answer holds at most: a project member adds
 * Stages at will, each up to its parts' budgets (the shared Freight and PR
 * listings alone ~0.3 MB per 1 KB Stage): 1,000 such Stages made a 326 MB
 * answer, seconds of the backend's one thread per read. Real projects of
 * 1,000 Stages take ~20 MB.
 */
const MAX_ANSWER_CHARS = 64 * 1_048_576;

/** The items' JSON within {@link MAX_ANSWER_CHARS}, and an error per project of those left out. */
function itemsOf(stages: readonly ServedStage[]) {
  const items: string[] = [];
  const leftOut = new Map<
    string,
    { instance: string; project: string; count: number }
  >();
  let chars = 0;
  for (const { found, stage } of stages) {
    if (chars >= MAX_ANSWER_CHARS) {
      const key = `${stage.instance}/${stage.project}`;
      const entry = leftOut.get(key) ?? {
        instance: stage.instance,
        project: stage.project,
        count: 0,
      };
      entry.count += 1;
      leftOut.set(key, entry);
      continue;
    }
    const item = servedJson(found, stage);
    chars += item.length;
    items.push(item);
  }
  const errors = [...leftOut.values()].map(({ instance, project, count }) => ({
    instance,
    project,
    message: `${count} Stages not shown: the answer would be larger than 64 MB`,
  }));
  return { items, errors };
}

function answerOf(stages: readonly ServedStage[], rest: AnswerRest): Answer {
  const restJson = JSON.stringify(rest);
  const key = keyOf(stages, restJson);
  let answer = answers.get(key);
  if (answer) {
    // Most recently used last: the Map's first key is the one to drop.
    answers.delete(key);
    keptBytes -= answer.body.length;
  } else {
    const { items, errors } = itemsOf(stages);
    const restOf = errors.length
      ? JSON.stringify({ ...rest, errors: [...(rest.errors ?? []), ...errors] })
      : restJson;
    const body = Buffer.from(
      `{"items":[${items.join(',')}],${restOf.slice(1)}`,
    );
    answer = { body, etag: etagOf(body) };
  }
  if (answer.body.length > KEPT_BYTES / 4) return answer;
  answers.set(key, answer);
  keptBytes += answer.body.length;
  while (answers.size > KEPT || keptBytes > KEPT_BYTES) {
    const oldest = answers.keys().next().value!;
    keptBytes -= answers.get(oldest)!.body.length;
    answers.delete(oldest);
  }
  return answer;
}

/** The answer's gzip, compressed once off the event loop; undefined if it failed. */
function gzipOf(answer: Answer): Promise<Buffer | undefined> {
  answer.gzip ??= gzipped(answer.body).catch(() => undefined);
  return answer.gzip;
}

/**
 * Sends the entity route's answer `{ items, ...rest }`. The answer of the
 * same Stages with the same freshness is built, hashed for its ETag and
 * gzipped once, not per request: for a 50-Stage Component it is ~1.2 MB of
 * JSON, and building, hashing and compressing it on every request (the
 * backend's compression middleware would) was most of the route's time.
 * Who may read what is decided before this, per request; this only reuses
 * bytes of the same Stages.
 */
export async function sendEntityAnswer(
  request: unknown,
  response: unknown,
  stages: readonly ServedStage[],
  rest: AnswerRest,
): Promise<void> {
  // The typed router's req/res are express's underneath.
  const req = request as Request;
  const res = response as Response;
  const answer = answerOf(stages, rest);
  res.type('application/json');
  res.setHeader('ETag', answer.etag);
  res.vary('Accept-Encoding');
  if (answer.body.length >= GZIP_MIN_BYTES && req.acceptsEncodings('gzip')) {
    const compressed = await gzipOf(answer);
    if (compressed) {
      // Already encoded: the compression middleware passes it through.
      res.setHeader('Content-Encoding', 'gzip');
      res.send(compressed);
      return;
    }
  }
  res.send(answer.body);
}
