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
      const events = api.streamAnalysisRunLogs(
        { project, name, instance, metric, container },
        abort.signal,
      );
      setState({ text: '', status: 'streaming' });
      for await (const event of events) {
        if (event.type === 'broken') {
          broken = true;
          continue;
        }
        window = appendToLogWindow(window, event.text);
        const { text, dropped } = window;
        setState({ text, status: 'streaming', dropped });
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
