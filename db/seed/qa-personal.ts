// Personal-centre seeds: the skilled-domain list, the region tree, the robot knowledge base, profile details for the
// Q&A seed experts (so their pages show domains, location and work years) and a welcome system message for the
// demo users. Idempotent: upserts on fixed ids; the welcome message is inserted once (DO NOTHING keeps its read state).
import type { SeedStatement } from "./types";
import { regionStatements } from "./regions";
import { robotStatements } from "./robot";

/** Skilled domains (spec: Domain id, domainName) for the energy Q&A community. */
export const DOMAIN_SEEDS: readonly string[] = [
  "电机系统", "变频调速", "压缩空气", "泵与风机", "变压器与配电", "电价与需量管理", "照明节能", "余热回收",
  "锅炉与蒸汽", "暖通空调", "工业窑炉", "储能", "光伏与可再生能源", "碳排放核算", "能源管理体系", "能源审计",
  "建筑节能", "数据中心节能",
];

/** Profiles of the Q&A seed experts (ids from db/seed/qa/types.ts): domain ids, [province, city] codes, work-year key. */
const EXPERT_PROFILES: readonly { id: number; domains: number[]; location: [number, number]; workYear: string }[] = [
  { id: 1000, domains: [1, 2, 15], location: [320000, 320500], workYear: "6" },
  { id: 1001, domains: [5, 6, 2], location: [330000, 330100], workYear: "5" },
  { id: 1002, domains: [3, 4], location: [440000, 440300], workYear: "5" },
  { id: 1003, domains: [14, 15, 16], location: [110000, 110108], workYear: "4" },
  { id: 1004, domains: [8, 9, 11], location: [370000, 370200], workYear: "6" },
  { id: 1005, domains: [8, 6], location: [330000, 330600], workYear: "5" },
  { id: 1006, domains: [7, 17], location: [310000, 310115], workYear: "4" },
  { id: 1007, domains: [1], location: [420000, 420100], workYear: "1" },
];

const WELCOME = "欢迎来到能源问答社区！完善个人资料（擅长领域、所在地区、工作年限）可以让更多同行认识您。";
/** Fixed ids for the demo users' welcome messages (far above organic ids). */
const WELCOME_ID_BASE = 9_000_000;
const SEED_TIME = Date.UTC(2026, 10, 20, 2, 0, 0);

export function qaPersonalStatements(): SeedStatement[] {
  const out: SeedStatement[] = DOMAIN_SEEDS.map((name, i) => ({
    sql: "INSERT INTO qa_domains (id, domain_name, sort_order) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET domain_name = excluded.domain_name, sort_order = excluded.sort_order",
    params: [i + 1, name, i + 1],
  }));
  out.push(...regionStatements(), ...robotStatements());
  for (const p of EXPERT_PROFILES) {
    out.push({
      sql: "UPDATE users SET domain_ids = ?, location_ids = ?, work_year = ? WHERE id = ?",
      params: [JSON.stringify(p.domains), JSON.stringify(p.location), p.workYear, p.id],
    });
  }
  for (const userId of [1, 2, 3]) {
    out.push({
      sql: "INSERT INTO qa_messages (id, receiver_id, kind, actor_id, actor_anonymous, content, is_read, created_at) SELECT ?, ?, 'system', NULL, 0, ?, 0, ? WHERE EXISTS (SELECT 1 FROM users WHERE id = ?) ON CONFLICT (id) DO NOTHING",
      params: [WELCOME_ID_BASE + userId, userId, WELCOME, SEED_TIME, userId],
    });
  }
  return out;
}
