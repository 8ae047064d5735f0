// Kept counters (issue 26 item 10): totals the operator's dashboard shows, kept exact by SQLite triggers on the
// counted tables (migrations/0015_growth_indexes.sql), so a dashboard load reads a few rows instead of counting
// every user, question, answer, survey and order. The triggers, not the services, keep them: every write path —
// services, seeds, the deletion job, a hand-run SQL fix — counts alike.
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const statCounters = sqliteTable("stat_counters", {
  /** One of STAT_COUNTER (workers/services/admin/dashboard.ts). */
  key: text("key").primaryKey(),
  value: integer("value").notNull().default(0),
});
