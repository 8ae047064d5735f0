// One seed statement (SQL with positional parameters): what every domain's seed builder returns and db/seed/apply.ts
// concatenates. Its own module so the builders need not import apply.ts, which imports them.
export type SqlValue = string | number | null;

export interface SeedStatement {
  sql: string;
  params: SqlValue[];
}
