import {
  Observable,
  type ObservableMiddleware,
  type RequestContext,
  type ResponseContext,
} from '@kubernetes/client-node';

/**
 * Has client-node hand a successful JSON answer over as the text it read, so
 * that the caller parses it with `parseClusterJson` (see clusterJson.ts):
 * client-node's generated API passes a `text/*` body through unparsed and
 * parses any other JSON itself. Error answers keep their type: the status
 * they carry is what `translateKubeError` reads.
 */
export function rawJsonBodyMiddleware(): ObservableMiddleware {
  return {
    pre: (ctx: RequestContext) => new Observable(Promise.resolve(ctx)),
    post: (ctx: ResponseContext) => {
      const type = ctx.headers['content-type'];
      const ok = ctx.httpStatusCode >= 200 && ctx.httpStatusCode < 300;
      if (ok && type && /json/i.test(type)) {
        ctx.headers['content-type'] = 'text/plain; charset=utf-8';
      }
      return new Observable(Promise.resolve(ctx));
    },
  };
}
