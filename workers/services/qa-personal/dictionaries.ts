// Option lists for the profile: skilled domains and the China region tree (GB/T 2260, db/seed/regions.ts).
import { asc } from "drizzle-orm";
import { qaDomains, regions } from "../../../db/schema";
import type { Db } from "../../lib/db";
import type { RegionNode } from "../../contract/qa-personal";

export async function allDomains({ db }: { db: Db }): Promise<{ id: number; domainName: string }[]> {
  return db.select({ id: qaDomains.id, domainName: qaDomains.domainName }).from(qaDomains).orderBy(asc(qaDomains.sortOrder), asc(qaDomains.id));
}

/** Provinces with their prefecture-level children; leaves (HK, Macao, Taiwan) carry no children array. */
export async function regionTree({ db }: { db: Db }): Promise<RegionNode[]> {
  const rows = await db.select().from(regions).orderBy(asc(regions.level), asc(regions.sortOrder));
  const provinces = new Map<number, RegionNode>();
  const out: RegionNode[] = [];
  for (const r of rows) {
    if (r.parentCode === null) {
      const node: RegionNode = { code: r.code, name: r.name };
      provinces.set(r.code, node);
      out.push(node);
    } else {
      const parent = provinces.get(r.parentCode);
      if (parent) (parent.children ??= []).push({ code: r.code, name: r.name });
    }
  }
  return out;
}
