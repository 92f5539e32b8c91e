/**
 * Runs once when the server starts: checks the session secret (a production server with
 * DATABASE_URL and no AUTH_SECRET stops here, with the reason) and opens and migrates the
 * database, so the first request does not wait for it.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { getAuthSecret } = await import('@/lib/server/auth/secret');
  const { getDb } = await import('@/lib/server/db/client');
  try {
    getAuthSecret();
  } catch (error) {
    // Refuse to serve at all rather than answer every request with a 500.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  await getDb();
}
