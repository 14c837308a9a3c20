import {
  Observable,
  type ObservableMiddleware,
  type RequestContext,
  type ResponseContext,
} from '@kubernetes/client-node';

/**
 * Reports the size of a response's body (the length of its text, bytes for
 * JSON's ASCII) as client-node reads it: the API answers with the parsed
 * object only, and measuring that again would cost a serialization.
 */
export function bodySizeMiddleware(
  onSize: (bytes: number) => void,
): ObservableMiddleware {
  return {
    pre: (ctx: RequestContext) => new Observable(Promise.resolve(ctx)),
    post: (ctx: ResponseContext) => {
      const body = ctx.body;
      ctx.body = {
        binary: () => body.binary(),
        text: async () => {
          const text = await body.text();
          onSize(text.length);
          return text;
        },
      };
      return new Observable(Promise.resolve(ctx));
    },
  };
}
