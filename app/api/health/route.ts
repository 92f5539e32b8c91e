import { json, methodNotAllowed } from '@/lib/server/http';
import { route } from '@/lib/server/route';

/**
 * GET /api/health: liveness. The process answers requests; nothing else is asked (no database),
 * so a slow database never gets a healthy instance restarted. See /api/ready for readiness.
 */
export const GET = route('health', () => json({ status: 'ok' }));

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
