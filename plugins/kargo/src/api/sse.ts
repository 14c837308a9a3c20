/**
 * Server-Sent Events as the Kargo backend relays Kargo's log stream: each
 * event's `data:` lines joined with "\n" are a piece of the log (Kargo
 * writes one `data:` line per line of a chunk, so the pieces concatenated
 * are the log); `event: kargo-stream-broken` says Kargo's stream broke.
 */
import type { KargoLogEvent } from './KargoApi';

/** Turns the stream's text into events; keeps an unfinished event for the next call. */
export class SseParser {
  #buffer = '';

  push(text: string): KargoLogEvent[] {
    this.#buffer += text.replace(/\r\n?/g, '\n');
    const events: KargoLogEvent[] = [];
    let end = this.#buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = this.#buffer.slice(0, end);
      this.#buffer = this.#buffer.slice(end + 2);
      const event = parseBlock(block);
      if (event) events.push(event);
      end = this.#buffer.indexOf('\n\n');
    }
    return events;
  }
}

function parseBlock(block: string): KargoLogEvent | undefined {
  let name = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
  }
  if (name === 'kargo-stream-broken') return { type: 'broken' };
  if (data.length === 0) return undefined;
  return { type: 'text', text: data.join('\n') };
}
