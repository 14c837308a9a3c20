/** A running window of one repository. */
interface Window {
  timer: ReturnType<typeof setTimeout>;
  /** The latest URL named while the window was open, if any. */
  pending?: string;
  elapsed: boolean;
  ran: boolean;
}

/**
 * At most one run per key and window, however many pushes: the first push
 * runs at once and opens a window of `windowMs`; pushes within it are
 * remembered, and if there were any, one run follows when it closes (and
 * opens the next window). A window closes once its time is up and its run
 * has finished, so a follow-up never joins the run before it (a listing in
 * flight is shared). The last push is always followed by a run that starts
 * after it: a burst costs two runs, and no change is lost.
 */
export class RepositoryDebounce {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly run: (repoUrl: string) => Promise<void>,
    private readonly windowMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  push(key: string, repoUrl: string): void {
    const open = this.windows.get(key);
    if (open) {
      open.pending = repoUrl;
      return;
    }
    this.start(key, repoUrl);
  }

  /** Drops every window (shutdown): nothing runs afterwards. */
  stop(): void {
    for (const window of this.windows.values()) clearTimeout(window.timer);
    this.windows.clear();
  }

  private start(key: string, repoUrl: string) {
    const window: Window = {
      elapsed: false,
      ran: false,
      timer: setTimeout(() => {
        window.elapsed = true;
        this.close(key, window);
      }, this.windowMs),
    };
    // A window never keeps the process alive.
    window.timer.unref?.();
    this.windows.set(key, window);
    this.run(repoUrl)
      .catch(this.onError)
      .finally(() => {
        window.ran = true;
        this.close(key, window);
      });
  }

  private close(key: string, window: Window) {
    // Stopped, or not over yet.
    if (this.windows.get(key) !== window || !window.elapsed || !window.ran)
      return;
    this.windows.delete(key);
    if (window.pending) this.start(key, window.pending);
  }
}
