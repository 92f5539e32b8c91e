// @ts-check
// `npm start`: the production build behind Node's own HTTP server. `next start` would do the
// same, but it lets a client's own X-Forwarded-For stand for its address, so a login limit per
// address could be dodged with a new header per try. Here each request's address comes from
// the socket, or from proxies TRUST_PROXY names (docs/decisions/0015).
import { createServer } from 'node:http';
import { CLIENT_IP_HEADER, clientAddress, trustFrom } from './lib/client-address.mjs';

// As `next start` does, before Next and React load: they pick their production code by it.
process.env.NODE_ENV = 'production';
const { default: next } = await import('next');

const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || undefined;
const trust = trustFrom(process.env.TRUST_PROXY);

const app = next({ dev: false, dir: process.cwd(), port, hostname });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((request, response) => {
  request.headers[CLIENT_IP_HEADER] = clientAddress(request, trust);
  void handle(request, response);
});

server.listen(port, hostname, () => {
  console.log(`Calorie Diary on http://${hostname ?? 'localhost'}:${port}`);
});

// A stop (docker stop, systemd, Ctrl+C) lets requests in flight finish before the process ends.
for (const signal of /** @type {const} */ (['SIGTERM', 'SIGINT'])) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
