// Option lists from D1: industries and the key/value dictionaries (education, work years, management directions).
import { and, asc, eq, inArray } from "drizzle-orm";
import { dictItems, industryTypes } from "../../../db/schema";
import type { Db } from "../../lib/db";
import type { DictKind, DictOption, IndustryOption } from "../../contract/accounts";

export async function listIndustries({ db }: { db: Db }): Promise<IndustryOption[]> {
  const rows = await db.select().from(industryTypes).orderBy(asc(industryTypes.sortOrder), asc(industryTypes.id));
  return rows.map((r) => ({ industryTypeId: r.id, industryTypeValue: r.value }));
}

export async function listDict({ db, kind }: { db: Db; kind: DictKind }): Promise<DictOption[]> {
  const rows = await db.select().from(dictItems).where(eq(dictItems.kind, kind)).orderBy(asc(dictItems.sortOrder));
  return rows.map((r) => ({ key: r.key, value: r.value }));
}

export async function dictKeysExist({ db, kind, keys }: { db: Db; kind: DictKind; keys: string[] }): Promise<boolean> {
  const unique = [...new Set(keys)];
  if (!unique.length) return true;
  const rows = await db.select({ key: dictItems.key }).from(dictItems).where(and(eq(dictItems.kind, kind), inArray(dictItems.key, unique)));
  return rows.length === unique.length;
}
