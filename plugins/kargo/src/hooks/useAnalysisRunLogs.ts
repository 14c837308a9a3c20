import { useApi } from '@backstage/core-plugin-api';
import { useCallback, useEffect, useState } from 'react';
import { kargoApiRef, type KargoAnalysisRunLogsRequest } from '../api';
import { appendToLogWindow, emptyLogWindow } from './logWindow';

/** Where a log stream is: connecting, streaming, ended by Kargo, broken, or refused. */
export type LogStreamStatus =
  | 'connecting'
  | 'streaming'
  | 'ended'
  | 'broken'
  | 'failed';

export interface LogStreamState {
  text: string;
  status: LogStreamStatus;
  error?: Error;
  /** Earlier lines were dropped to keep the log within its bounds (logWindow.ts). */
  dropped?: boolean;
}

/**
 * How often a streaming log's text is shown at most. Backstage's LogViewer
 * draws every row in view again on each new text: a Job printing a line of
 * links per 8-byte chunk kept the tab of whoever opened its logs drawing
 * (issue 35, attack 20).
 */
export const LOG_UPDATE_MS = 500;

/**
 * A job metric's logs, streamed while the component is mounted; `resume`
 * streams them again after a break (Kargo's API has no offset, so from the
 * start; the text is replaced as the new stream comes). Leaving ends the
 * stream, and the backend's call to Kargo with it.
 */
export function useAnalysisRunLogs(request: KargoAnalysisRunLogsRequest) {
  const api = useApi(kargoApiRef);
  const { project, name, instance, metric, container } = request;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LogStreamState>({
    text: '',
    status: 'connecting',
  });

  useEffect(() => {
    const abort = new AbortController();
    setState({ text: '', status: 'connecting' });
    const run = async () => {
      if (!api.streamAnalysisRunLogs) {
        throw new Error('This Kargo API client cannot stream logs');
      }
      let window = emptyLogWindow;
      let broken = false;
      // The text is shown at most every LOG_UPDATE_MS while it streams.
      let shownAt = 0;
      let update: ReturnType<typeof setTimeout> | undefined;
      const show = () => {
        update = undefined;
        shownAt = Date.now();
        const { text, dropped } = window;
        setState({ text, status: 'streaming', dropped });
      };
      abort.signal.addEventListener('abort', () => clearTimeout(update));
      const events = api.streamAnalysisRunLogs(
        { project, name, instance, metric, container },
        abort.signal,
      );
      setState({ text: '', status: 'streaming' });
      try {
        for await (const event of events) {
          if (event.type === 'broken') {
            broken = true;
            continue;
          }
          window = appendToLogWindow(window, event.text);
          update ??= setTimeout(
            show,
            Math.max(0, shownAt + LOG_UPDATE_MS - Date.now()),
          );
        }
      } finally {
        // What came since the last update is shown, ended or broken.
        clearTimeout(update);
        if (update && !abort.signal.aborted) show();
      }
      const { text, dropped } = window;
      setState({ text, status: broken ? 'broken' : 'ended', dropped });
    };
    run().catch((error: Error) => {
      if (abort.signal.aborted) return;
      setState(prev =>
        // Text already shown: the stream broke (a network cut mid-way).
        prev.text
          ? { text: prev.text, status: 'broken' }
          : { text: '', status: 'failed', error },
      );
    });
    return () => abort.abort();
  }, [api, project, name, instance, metric, container, attempt]);

  const resume = useCallback(() => setAttempt(n => n + 1), []);
  return { ...state, resume };
}
