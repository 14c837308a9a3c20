/** Freight, and the FreightCollection a Stage records it in. */
import { collectionId, sha1, sha256 } from './blocks';
import { Context, metadataOf, Obj } from './profile';

/** A Freight object with the pieces other objects refer to it by. */
export interface BuiltFreight {
  name: string;
  alias: string;
  uid?: string;
  /** The FreightReference Promotions and Stage statuses copy. */
  ref: Obj;
  object: Obj;
}

export interface FreightOptions {
  project: string;
  warehouse: string;
  alias: string;
  image: string;
  tag: string;
  repoURL: string;
  message: string;
  minutes: number;
  /** Commit author; none: left out. */
  author?: string;
  /** Commit id; default: a stable sha1 of the repository and tag. */
  commit?: string;
  /** Image digest; default: a stable sha256 of the image and tag. */
  digest?: string;
  /** Default: Kargo's GenerateFreightID of the commit and the image. */
  name?: string;
  currentlyIn?: Record<string, number>;
  verifiedIn?: Record<string, number>;
  /** Stages a person approved it for by hand (`status.approvedFor`). */
  approvedFor?: Record<string, number>;
}

export function freightBuilder(ctx: Context) {
  /** A Freight of one image and one commit, named as Kargo's GenerateFreightID. */
  return function freight(opts: FreightOptions): BuiltFreight {
    const commit = opts.commit ?? sha1(`${opts.repoURL}@${opts.tag}`);
    const digest =
      opts.digest ?? `sha256:${sha256(`${opts.image}:${opts.tag}`)}`;
    const origin = { kind: 'Warehouse', name: opts.warehouse };
    const name =
      opts.name ??
      sha1(
        `Warehouse/${opts.warehouse}:${[
          `${opts.repoURL}#${commit}`,
          `${opts.image}:${opts.tag}@${digest}`,
        ]
          .sort()
          .join('|')}`,
      );
    const commits = [
      {
        repoURL: opts.repoURL,
        id: commit,
        branch: 'main',
        message: opts.message,
        ...(opts.author ? { author: opts.author } : {}),
      },
    ];
    const images = [{ repoURL: opts.image, tag: opts.tag, digest }];
    const metadata = metadataOf(
      ctx,
      'Freight',
      name,
      opts.project,
      opts.minutes,
    );
    const byStage = (
      m: Record<string, number> | undefined,
      entry: (t: string) => Obj,
    ) =>
      m &&
      Object.fromEntries(
        Object.entries(m).map(([s, minutes]) => [s, entry(ctx.at(minutes))]),
      );
    const status: Obj = {};
    if (opts.currentlyIn)
      status.currentlyIn = byStage(opts.currentlyIn, since => ({ since }));
    if (opts.verifiedIn)
      status.verifiedIn = byStage(opts.verifiedIn, verifiedAt => ({
        verifiedAt,
      }));
    if (opts.approvedFor)
      status.approvedFor = byStage(opts.approvedFor, approvedAt => ({
        approvedAt,
      }));
    return {
      name,
      alias: opts.alias,
      uid: metadata.uid,
      ref: { name, origin, commits, images },
      object: {
        apiVersion: 'kargo.akuity.io/v1alpha1',
        kind: 'Freight',
        metadata: {
          ...metadata,
          labels: { 'kargo.akuity.io/alias': opts.alias },
        },
        alias: opts.alias,
        origin,
        commits,
        images,
        status,
      },
    };
  };
}

/** A FreightCollection of one Freight, as `Stage.status.freightHistory` holds it. */
export function collection(f: BuiltFreight, verificationHistory: Obj[]): Obj {
  return {
    id: collectionId(f.name),
    items: { [`Warehouse/${f.ref.origin.name}`]: f.ref },
    verificationHistory,
  };
}
