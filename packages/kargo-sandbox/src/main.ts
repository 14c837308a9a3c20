// Placeholder until the sandbox server lands: answers /version so the demo starts.
import http from 'node:http';

const portIndex = process.argv.indexOf('--port');
const port = Number(portIndex > 0 ? process.argv[portIndex + 1] : 7008);
const server = http.createServer((_req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ major: '1', minor: '32', gitVersion: 'v1.32.0-kargo-sandbox' }));
});
server.listen(port, '127.0.0.1', () => {
  // eslint-disable-next-line no-console
  console.log(`kargo-sandbox listening on http://127.0.0.1:${port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
