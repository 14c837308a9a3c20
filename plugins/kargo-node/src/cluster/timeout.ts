import {
  Observable,
  type ObservableMiddleware,
  type RequestContext,
  type ResponseContext,
} from '@kubernetes/client-node';

/** Aborts a request that hangs, so one dead cluster cannot hold the refresh. */
export function timeoutMiddleware(ms: number): ObservableMiddleware {
  return {
    pre: (ctx: RequestContext) => {
      ctx.setSignal(AbortSignal.timeout(ms));
      return new Observable(Promise.resolve(ctx));
    },
    post: (ctx: ResponseContext) => new Observable(Promise.resolve(ctx)),
  };
}
