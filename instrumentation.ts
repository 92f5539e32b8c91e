/** Next.js calls this once at server start; the work lives in lib/server/startup.ts (Node.js only). */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { prepareServer } = await import('@/lib/server/startup');
  await prepareServer();
}
