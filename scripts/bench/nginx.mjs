// nginx for the bench, from the deployment guide's own site file (docs/deploy/nginx.conf): the
// same upstream, proxy headers, timeouts and retry rules, with the app's ports, a port on
// loopback and plain HTTP instead of TLS (the bench measures the app behind the proxy, not the
// handshakes). It runs as a foreground process with its prefix, pid and logs in a temporary
// folder, never as the system's nginx service.
import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SITE_FILE = new URL('../../docs/deploy/nginx.conf', import.meta.url);

/** True when an `nginx` binary is on PATH. The bench never installs it. */
export function hasNginx() {
  return !spawnSync('nginx', ['-v'], { stdio: 'ignore' }).error;
}

/**
 * The site file with plain HTTP on 127.0.0.1:`port` in front of the app on `appPorts`, logging
 * into `logDir`. Throws when the file no longer has the parts this rewrites, rather than
 * benchmarking some other configuration.
 */
export function siteForBench(site, { port, appPorts, logDir }) {
  const withoutComments = site.replace(/^\s*#.*\n/gm, '');
  const upstreamServer = /^(\s*)server 127\.0\.0\.1:\d+(.*);\n/m.exec(withoutComments);
  const redirect = /^server \{[^{}]*return 301[^{}]*\}\n/m;
  if (!upstreamServer || !redirect.test(withoutComments) || !/proxy_pass http:/.test(withoutComments)) {
    throw new Error(`${SITE_FILE.pathname}: no upstream, redirect or proxy_pass found to rewrite`);
  }
  const [, indent, parameters] = upstreamServer;
  const servers = appPorts.map((appPort) => `${indent}server 127.0.0.1:${appPort}${parameters};\n`).join('');
  let listened = false;
  return withoutComments
    .replace(redirect, '')
    .replace(/^(\s*server 127\.0\.0\.1:\d+.*;\n)+/m, servers)
    .replace(/^(\s*)listen .*;\n/gm, (_line, lead) => {
      if (listened) return '';
      listened = true;
      return `${lead}listen 127.0.0.1:${port};\n`;
    })
    .replace(/^\s*ssl_.*;\n/gm, '')
    .replaceAll('/var/log/nginx/', `${logDir}/`);
}

/** A main nginx.conf around `sitePath`, keeping everything nginx writes inside `dir`. */
function mainConfig(dir, sitePath) {
  return `worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    include ${sitePath};
}
`;
}

function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts nginx on 127.0.0.1:`port` in front of the app on `appPorts`. `onExit(kill)` registers
 * a synchronous killer for a crash of the bench and returns its unregistration. Resolves to
 * { baseUrl, pid (the master's: its workers are its children), stop() }.
 */
export async function startNginx({ port, appPorts, onExit }) {
  const dir = await mkdtemp(join(tmpdir(), 'bench-nginx-'));
  // Run as root, nginx's workers become `nobody`, who must reach the temporary folders inside.
  await chmod(dir, 0o755);
  const site = siteForBench(await readFile(SITE_FILE, 'utf8'), { port, appPorts, logDir: dir });
  await writeFile(join(dir, 'site.conf'), site);
  await writeFile(join(dir, 'nginx.conf'), mainConfig(dir, join(dir, 'site.conf')));
  // -e: the error log before the configuration is read, which otherwise is the system's.
  const child = spawn(
    'nginx',
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const forget = onExit(() => child.kill('SIGKILL'));
  const stop = async () => {
    child.kill('SIGQUIT'); // graceful: answers in flight are finished
    await exited;
    forget();
    await rm(dir, { recursive: true, force: true });
  };
  for (let tries = 0; !(await portAnswers(port)); tries++) {
    if (child.exitCode !== null || tries > 50) {
      await stop();
      throw new Error(`nginx did not start: ${stderr.trim() || 'no answer on its port'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { baseUrl: `http://127.0.0.1:${port}`, pid: child.pid, stop };
}
