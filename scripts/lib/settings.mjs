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
 * The variables scripts/server.mjs reads itself, checked before Next.js loads, so that a typo
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

  return { port, hostname, trust, logLevel };
}
