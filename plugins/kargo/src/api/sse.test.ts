import { SseParser } from './sse';

describe('SseParser', () => {
  it("joins Kargo's data lines back into the log, across chunk boundaries", () => {
    const parser = new SseParser();
    const first = parser.push('data: line 1\ndata: line 2\nda');
    expect(first).toEqual([]);
    const rest = parser.push(
      'ta: \n\ndata: line 3\ndata: \n\n: keep-alive\n\n',
    );
    expect(rest.map(e => (e.type === 'text' ? e.text : '')).join('')).toBe(
      'line 1\nline 2\nline 3\n',
    );
  });

  it('reports a broken stream', () => {
    expect(
      new SseParser().push(
        'event: kargo-stream-broken\ndata: the log stream from Kargo broke\n\n',
      ),
    ).toEqual([{ type: 'broken' }]);
  });
});
