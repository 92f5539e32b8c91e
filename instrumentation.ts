/** Next.js calls this once at server start; the work lives in lib/server/startup.ts (Node.js only). */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { logger } = await import('@/scripts/lib/log.mjs');
  try {
    const { prepareServer } = await import('@/lib/server/startup');
    await prepareServer();
  } catch (error) {
    // A bad setting (lib/server/env.ts): the reason, on one line, and no server.
    logger.fatal(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
