import { useApi } from '@backstage/core-plugin-api';
import { useCallback, useEffect, useState } from 'react';
import { kargoApiRef, type KargoAnalysisRunLogsRequest } from '../api';

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
  /** Earlier lines were dropped to keep the last {@link MAX_LOG_CHARS}. */
  dropped?: boolean;
}

/**
 * Characters of a log kept at most: the newest. A Job printing megabytes
 * without a newline made the viewer redo work as long as its last line on
 * every chunk (issue 35, attack 17).
 */
export const MAX_LOG_CHARS = 2_000_000;

/** `text` cut to its last MAX_LOG_CHARS, at a line's start when there is one. */
function newestOf(text: string): string {
  if (text.length <= MAX_LOG_CHARS) return text;
  const from = text.length - MAX_LOG_CHARS;
  const line = text.indexOf('\n', from);
  return text.slice(line >= 0 && line < text.length - 1 ? line + 1 : from);
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
      let text = '';
      let dropped = false;
      let broken = false;
      const events = api.streamAnalysisRunLogs(
        { project, name, instance, metric, container },
        abort.signal,
      );
      setState({ text, status: 'streaming' });
      for await (const event of events) {
        if (event.type === 'broken') {
          broken = true;
          continue;
        }
        text += event.text;
        if (text.length > MAX_LOG_CHARS) {
          text = newestOf(text);
          dropped = true;
        }
        setState({ text, status: 'streaming', dropped });
      }
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
