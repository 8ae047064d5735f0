import { applyD1Migrations, env } from "cloudflare:test";
import { seedDatabase } from "../../db/seed/apply";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await seedDatabase(env.DB);
