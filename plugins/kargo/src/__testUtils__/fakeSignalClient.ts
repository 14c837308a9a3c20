import type { SignalApi } from '@backstage/plugin-signals-react';
import type { JsonObject } from '@backstage/types';

/**
 * A SignalApi that delivers as the app's SignalClient does with a
 * signals-backend: one WebSocket for all subscriptions, opened by the first
 * and closed with the last; a channel is subscribed at the backend only once
 * that socket is open; the backend sends a signal to the sockets subscribed
 * to its channel at that moment and never replays it.
 *
 * `openAfterMs[n]` is how long the n-th socket takes to open (the last value
 * for later ones). A fresh signals-backend never answers its first socket, so
 * SignalClient gives up after 1 s and opens another 5 s later: about 6,000.
 */
export function fakeSignalClient(options: { openAfterMs: number[] }) {
  const local = new Map<
    number,
    { channel: string; onMessage: (message: JsonObject) => void }
  >();
  const atBackend = new Set<string>();
  let socket:
    | { open: boolean; timer: ReturnType<typeof setTimeout> }
    | undefined;
  let sockets = 0;
  let nextId = 0;

  const connect = () => {
    const delays = options.openAfterMs;
    const delay = delays[Math.min(sockets, delays.length - 1)];
    sockets++;
    const opening = {
      open: false,
      timer: setTimeout(() => {
        opening.open = true;
        local.forEach(s => atBackend.add(s.channel));
      }, delay),
    };
    socket = opening;
  };

  const api: SignalApi = {
    subscribe(channel, onMessage) {
      const id = nextId++;
      local.set(id, {
        channel,
        onMessage: onMessage as (message: JsonObject) => void,
      });
      if (!socket) connect();
      else if (socket.open) atBackend.add(channel);
      return {
        unsubscribe() {
          if (!local.delete(id)) return;
          if (![...local.values()].some(s => s.channel === channel))
            atBackend.delete(channel);
          if (local.size === 0 && socket) {
            clearTimeout(socket.timer);
            socket = undefined;
            atBackend.clear();
          }
        },
      };
    },
  };

  return {
    api,
    /** The backend publishes: delivered only where the channel is subscribed now. */
    publish(channel: string, message: JsonObject) {
      if (!socket?.open || !atBackend.has(channel)) return;
      [...local.values()]
        .filter(s => s.channel === channel)
        .forEach(s => s.onMessage(message));
    },
    /** How many sockets were opened so far. */
    sockets: () => sockets,
  };
}
