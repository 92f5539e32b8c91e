// @ts-check
// `npm start`: builds when there is no build (server/ensure-build.mjs), then runs the server
// (server/server.mjs) in this same process, so that a SIGTERM sent to this process is the
// server's own and stops it gracefully.
//
// package.json runs it as `exec node server/start.mjs`: npm runs a script through `sh -c`, and
// Debian's sh (dash) keeps itself between npm and node. npm passes a SIGTERM on to its child
// only; that sh dies of it and npm exits, leaving the server running on, never told to stop.
// With `exec` the shell becomes this process, npm's SIGTERM reaches the server, and npm exits
// with the server's code once it has stopped. Under a process manager, run
// `node server/start.mjs` itself (docs/deploy.md, section 4): one process, no npm in between.
import { ensureBuild } from './ensure-build.mjs';

const built = await ensureBuild();
if (built !== 0) process.exit(built);
await import('./server.mjs');
