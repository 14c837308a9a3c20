/**
 * `--live`: the backend in watch mode in a process of its own, so that its
 * RSS, peak RSS and idle CPU are the backend's alone (not the bench's
 * pollers, its first-sync probe's memory, nor its modules). Asked over IPC.
 */
import { collectGarbage } from '../measure';
import { startBenchBackend, type BenchBackend } from './backend';

/** What the bench asks the backend child. */
export type BackendQuestion = { type: 'rss' } | { type: 'cpu' } | { type: 'task'; task: string } | { type: 'stop' };
export type ToBackend = { id: number } & BackendQuestion;

/** What it answers. */
export type FromBackend =
  | { type: 'ready'; apiUrl: string }
  | { type: 'error'; message: string }
  | { type: 'answer'; id: number; rssMb?: number; cpuMs?: number };

const send = (message: FromBackend) => process.send?.(message);

async function main() {
  const { url } = JSON.parse(process.argv[2]) as { url: string };
  let backend: BenchBackend;
  try {
    backend = await startBenchBackend(url, 'watch');
  } catch (error) {
    send({ type: 'error', message: String((error as Error)?.stack ?? error) });
    process.exit(1);
  }
  process.on('message', async (message: ToBackend) => {
    if (message.type === 'rss') {
      // After a full GC: what the backend holds, not its garbage.
      collectGarbage();
      send({ type: 'answer', id: message.id, rssMb: process.memoryUsage().rss / 1e6 });
    } else if (message.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      send({ type: 'answer', id: message.id, cpuMs: (user + system) / 1000 });
    } else if (message.type === 'task') {
      await backend.runTask(message.task);
      send({ type: 'answer', id: message.id });
    } else if (message.type === 'stop') {
      await backend.stop().catch(() => undefined);
      send({ type: 'answer', id: message.id });
      process.exit(0);
    }
  });
  send({ type: 'ready', apiUrl: backend.apiUrl });
}

main().catch(error => {
  send({ type: 'error', message: String(error?.stack ?? error) });
  process.exit(1);
});
