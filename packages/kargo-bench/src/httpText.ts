/**
 * GET a body as text over node:http with a keep-alive agent: the cheapest way
 * to read a body in Node (fetch's web streams took ~10% more CPU for the same
 * 70 MB here), so the floors are not inflated by their own client.
 */
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export interface TextResponse {
  body: string;
  link: string;
}

function once(url: string, headers: Record<string, string>): Promise<TextResponse> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent }, res => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        if ((res.statusCode ?? 0) >= 400) {
          reject(new Error(`${url} answered ${res.statusCode}`));
          return;
        }
        resolve({ body: Buffer.concat(chunks).toString('utf8'), link: String(res.headers.link ?? '') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * The body of a GET. A request sent on a kept-alive socket just as the server
 * closed it (its keep-alive timeout; likelier the longer a loaded machine
 * stalls either process) fails with ECONNRESET ("socket hang up" when the
 * server ended the socket first): a GET is retried on a new socket, twice at
 * most. This race ended `yarn bench --scaling` at 1,000 and 5,000 Stages.
 */
export async function getText(url: string, headers: Record<string, string>): Promise<TextResponse> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await once(url, headers);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET' || attempt >= 2) throw error;
      await new Promise(resolve => setTimeout(resolve, 100));
    }
  }
}
