import { json } from '@/lib/server/http';

/**
 * GET /api/health: liveness. The process answers requests; nothing else is asked (no database),
 * so a slow database never gets a healthy instance restarted. See /api/ready for readiness.
 */
export function GET(): Response {
  return json({ status: 'ok' });
}
