// @ts-check
import { isIP } from 'node:net';
import { trustFrom } from './client-address.mjs';

/** The levels LOG_LEVEL may name: pino's, and `silent` for none. */
export const LOG_LEVELS = Object.freeze(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']);

/** A setting the server cannot use: which variable, and what it accepts. */
export class SettingError extends Error {
  /** @param {string} variable @param {string} message */
  constructor(variable, message) {
    super(message);
    this.name = 'SettingError';
    this.variable = variable;
  }
}

// A host name as DNS spells it (labels of letters, digits and inner hyphens), or an IP address.
const HOST_NAME =
  /^(?=.{1,253}$)[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?(?:\.[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?)*\.?$/i;

/**
 * The variables server/server.mjs reads itself, checked before Next.js loads, so that a typo
 * stops the process at once with one log line naming the variable (docs/deploy.md, section 2)
 * instead of a stack trace, or a server that never listens. The app's own variables
 * (DATABASE_URL, AUTH_SECRET ...) are checked by lib/server/env.ts as the app starts.
 * An empty value counts as unset, as a shell's `PORT= npm start` means.
 *
 * @param {NodeJS.ProcessEnv} env
 * @throws {SettingError}
 */
export function readServerSettings(env) {
  const portSetting = env.PORT?.trim() || '3000';
  // Digits only: Number() would take ' 1e3', '0x50' and '' as ports.
  const port = /^\d{1,5}$/.test(portSetting) ? Number(portSetting) : NaN;
  if (!(port >= 1 && port <= 65_535)) {
    throw new SettingError('PORT', `PORT must be a whole number from 1 to 65535, not "${portSetting}"`);
  }

  const hostname = env.HOSTNAME?.trim() || undefined;
  if (hostname !== undefined && !isIP(hostname) && !HOST_NAME.test(hostname)) {
    throw new SettingError(
      'HOSTNAME',
      `HOSTNAME must be an IP address (127.0.0.1, ::1) or a host name, not "${hostname}"`,
    );
  }

  let trust;
  try {
    trust = trustFrom(env.TRUST_PROXY);
  } catch {
    throw new SettingError(
      'TRUST_PROXY',
      `TRUST_PROXY must be a number of proxy hops, or a comma-separated list of IP addresses, CIDR ranges and the names loopback, linklocal, uniquelocal, not "${env.TRUST_PROXY}"`,
    );
  }

  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new SettingError(
      'LOG_LEVEL',
      `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${logLevel}"`,
    );
  }

  const headersTimeoutMs = milliseconds(env, 'HEADERS_TIMEOUT_MS', DEFAULT_HEADERS_TIMEOUT_MS);
  const requestTimeoutMs = milliseconds(env, 'REQUEST_TIMEOUT_MS', DEFAULT_REQUEST_TIMEOUT_MS);
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new SettingError(
      'HEADERS_TIMEOUT_MS',
      `HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not pass REQUEST_TIMEOUT_MS (${requestTimeoutMs}): the headers are part of the request`,
    );
  }

  // The lean /api path (docs/decisions/0033) is on unless LEAN_API=off.
  const leanSetting = env.LEAN_API?.trim() || 'on';
  if (leanSetting !== 'on' && leanSetting !== 'off') {
    throw new SettingError('LEAN_API', `LEAN_API must be on or off, not "${leanSetting}"`);
  }
  const leanApi = leanSetting === 'on';

  const metrics = readMetricsSettings(env, port);

  return { port, hostname, trust, logLevel, headersTimeoutMs, requestTimeoutMs, leanApi, metrics };
}

/** Where the metrics endpoint listens unless METRICS_HOST says otherwise: this machine only. */
export const DEFAULT_METRICS_HOST = '127.0.0.1';

/**
 * The metrics endpoint's address (docs/decisions/0048), or null when METRICS_PORT is unset:
 * then there is no endpoint, and nothing is counted.
 * @param {NodeJS.ProcessEnv} env
 * @param {number} appPort
 * @returns {{ port: number, host: string } | null}
 */
function readMetricsSettings(env, appPort) {
  const portSetting = env.METRICS_PORT?.trim() || '';
  const hostSetting = env.METRICS_HOST?.trim() || '';
  if (portSetting === '') {
    // A host alone is a setting half made: said, rather than a server quietly without metrics.
    if (hostSetting !== '') {
      throw new SettingError(
        'METRICS_PORT',
        `METRICS_HOST is set but METRICS_PORT is not: set the port the metrics listen on, or unset METRICS_HOST`,
      );
    }
    return null;
  }
  const port = /^\d{1,5}$/.test(portSetting) ? Number(portSetting) : NaN;
  if (!(port >= 1 && port <= 65_535)) {
    throw new SettingError(
      'METRICS_PORT',
      `METRICS_PORT must be a whole number from 1 to 65535, not "${portSetting}"`,
    );
  }
  // On the app's own port the metrics would be served to anyone who reaches the app.
  if (port === appPort) {
    throw new SettingError('METRICS_PORT', `METRICS_PORT must differ from PORT (${appPort})`);
  }
  const host = hostSetting || DEFAULT_METRICS_HOST;
  if (!isIP(host) && !HOST_NAME.test(host)) {
    throw new SettingError(
      'METRICS_HOST',
      `METRICS_HOST must be an IP address (127.0.0.1, 0.0.0.0, ::) or a host name, not "${host}"`,
    );
  }
  return { port, host };
}

/**
 * How long a client may take to send a request's headers (Node's default: 60 s). Browsers and
 * proxies send them in one go; a client that trickles them holds a connection for nothing.
 */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
/**
 * How long a client may take to send a whole request, body included (Node's default: 300 s),
 * answered 408 past it. The largest body the app takes is an import part of 900 kB
 * (IMPORT_PART_BYTES): 60 s is 120 kbit/s, a poor mobile uplink. Behind nginx this never
 * applies to a slow client, as nginx reads the whole body before it passes the request on.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
/** The range a timeout setting may take: a second to ten minutes. */
const TIMEOUT_RANGE_MS = { min: 1_000, max: 600_000 };

/**
 * A timeout in milliseconds from `env[name]`, or `fallback` when unset.
 * @param {NodeJS.ProcessEnv} env
 * @param {string} name
 * @param {number} fallback
 */
function milliseconds(env, name, fallback) {
  const setting = env[name]?.trim() || '';
  if (setting === '') return fallback;
  const value = /^\d{1,7}$/.test(setting) ? Number(setting) : NaN;
  if (!(value >= TIMEOUT_RANGE_MS.min && value <= TIMEOUT_RANGE_MS.max)) {
    throw new SettingError(
      name,
      `${name} must be a whole number of milliseconds from ${TIMEOUT_RANGE_MS.min} to ${TIMEOUT_RANGE_MS.max}, not "${setting}"`,
    );
  }
  return value;
}
