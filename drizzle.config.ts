import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema (`npx drizzle-kit generate`) and applied by
// lib/server/db/migrate.ts at server start or by `npm run db:migrate`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/server/db/schema.ts',
  out: './lib/server/db/migrations',
});
