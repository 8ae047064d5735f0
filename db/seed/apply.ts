// Seed data as SQL statements: the same list seeds local D1 at `npm start` (as a SQL file) and every test database.
import { cardSeeds } from "./cards";
import { accountStatements } from "./accounts";
import { qaStatements } from "./qa";
import { qaPersonalStatements } from "./qa-personal";
import { workbenchStatements } from "./workbench";
import { paymentStatements } from "./payment";
import { adminStatements } from "./admin";
import { upsert } from "./upsert";
import type { SeedStatement, SqlValue } from "./types";

export type { SeedStatement, SqlValue } from "./types";

export function cardStatements(): SeedStatement[] {
  return cardSeeds.map((c) =>
    upsert(
      "survey_types",
      ["id"],
      {
        id: c.id,
        code: c.code,
        survey_name: c.surveyName,
        survey_description: c.surveyDescription,
        icon_url: c.iconUrl,
        report_count: c.reportCount,
        explain_path: c.explainPath,
        enabled: c.enabled,
        detail_path: c.detailPath,
        sort_order: c.sortOrder,
      },
      // The live report count grows with real reports, and operators edit the title and text in /admin/cards;
      // reseeding must not reset them (the seed gives a new database its first values).
      ["report_count", "survey_name", "survey_description"],
    ),
  );
}

/** Every seed statement in dependency order. Domains append their own builders here. */
export async function seedStatements(): Promise<SeedStatement[]> {
  return [...cardStatements(), ...(await accountStatements()), ...(await qaStatements()), ...qaPersonalStatements(), ...workbenchStatements(), ...paymentStatements(), ...(await adminStatements())];
}

export async function seedDatabase(db: D1Database): Promise<void> {
  const statements = await seedStatements();
  const prepared = statements.map((s) => db.prepare(s.sql).bind(...s.params));
  for (let i = 0; i < prepared.length; i += 50) await db.batch(prepared.slice(i, i + 50));
}

function literal(v: SqlValue): string {
  if (v === null) return "NULL";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error(`non-finite seed value ${v}`);
    return String(v);
  }
  return `'${v.replace(/'/g, "''")}'`;
}

/** The seed as one SQL script for `wrangler d1 execute --file`. */
export async function renderSeedSql(): Promise<string> {
  return renderStatementsSql(await seedStatements());
}

/** Statements as one SQL script (values inlined as literals). */
export function renderStatementsSql(statements: SeedStatement[]): string {
  return statements
    .map((s) => {
      let i = 0;
      return s.sql.replace(/\?/g, () => literal(s.params[i++])) + ";";
    })
    .join("\n");
}
