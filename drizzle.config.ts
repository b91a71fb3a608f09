import { defineConfig } from 'drizzle-kit';

// Every module owns its tables in <area>.tables.ts; migrations are generated from all of them.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/modules/*/*.tables.ts',
  out: './src/server/db/migrations',
});
