import { json } from '@/lib/server/http';

/** Any other /api path: a JSON 404 instead of the HTML not-found page. */
function notFound(): Response {
  return json({ error: 'notFound' }, 404);
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
