// The one upsert every seed module builds its statements with: seeding twice leaves one row per key with the seed's
// values (idempotent); columns in `keepOnConflict` keep what the database has (e.g. a coupon already used).
import type { SeedStatement, SqlValue } from "./types";

export function upsert(table: string, keyColumns: string[], row: Record<string, SqlValue>, keepOnConflict: string[] = []): SeedStatement {
  const columns = Object.keys(row);
  const updates = columns.filter((c) => !keyColumns.includes(c) && !keepOnConflict.includes(c)).map((c) => `${c} = excluded.${c}`);
  const conflict = updates.length ? `DO UPDATE SET ${updates.join(", ")}` : "DO NOTHING";
  return {
    sql: `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")}) ON CONFLICT (${keyColumns.join(", ")}) ${conflict}`,
    params: columns.map((c) => row[c]),
  };
}
