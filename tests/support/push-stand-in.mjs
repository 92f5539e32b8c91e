#!/usr/bin/env node
// A local Web Push service: the `web-push-testing` package, which hands out subscriptions as a
// browser's push service would, checks each push's VAPID signature and encryption, keeps the
// decrypted messages for a test to read (./push-stand-in-client.ts), and answers 410 for a
// subscription it was told has expired. The API tests start it in-process; the e2e run starts
// it as a server:
//
//   node tests/support/push-stand-in.mjs --port 3215
//
// The app servers name it as their only push service (PUSH_SERVICE_HOSTS).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const load = createRequire(import.meta.url);

/**
 * Starts the stand-in on `port`; answers how to stop it.
 * @param {number} port
 * @returns {Promise<{ close: () => Promise<void> }>}
 */
export async function startPushStandIn(port) {
  const WebPushTestingServer = load('web-push-testing/src/server.js');
  const { PushApiModel } = load('web-push-testing/src/PushApiModel.js');
  const server = new WebPushTestingServer(new PushApiModel(), port);
  server.startServer();
  await new Promise((resolve) =>
    server._server.listening ? resolve(undefined) : server._server.once('listening', resolve),
  );
  return { close: () => new Promise((resolve) => server._server.close(() => resolve(undefined))) };
}

// Run as a script: serves until stopped.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '8090' } } });
  void startPushStandIn(Number(values.port));
}
