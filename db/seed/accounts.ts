// Account seeds: industries, option dictionaries (spec 1 §3), demo users with known passwords, the book-library client.
// Idempotent: upserts keyed on stable ids; demo password hashes use fixed salts so reseeding writes the same values.
import type { SeedStatement } from "./types";
import { hashPassword } from "../../workers/services/accounts/passwords";
import { sha256Hex } from "../../workers/lib/crypto";
import { upsert } from "./upsert";
import { USER_STATUS } from "../../workers/contract/user-status";

/** Industry categories, after GB/T 4754-2017 with the energy-intensive industries the platform targets first. */
export const industrySeeds: string[] = [
  "钢铁", "纺织", "印染", "化工", "造纸", "电力", "有色金属", "建材", "石油化工", "煤炭",
  "机械制造", "汽车制造", "电子信息", "食品饮料", "医药制造", "橡胶和塑料制品", "金属制品", "非金属矿物制品", "家具制造", "印刷",
  "水泥", "玻璃", "陶瓷", "数据中心", "建筑业", "交通运输", "商业楼宇", "公共机构", "农业", "其他",
];

export const educationSeeds = ["小学", "初中", "高中", "大专", "本科", "研究生"];
export const workYearSeeds = ["一年", "两年", "三年", "三到五年", "五到十年", "十年以上"];
export const managementDirectionSeeds = [
  "电机", "水泵", "变压器", "空压机", "风机", "发电机", "冷水机组", "锅炉/窑炉", "汽轮机", "配电",
  "水循环", "压缩空气系统", "换热/冷站", "蒸汽管网", "照明", "空调", "统计分析", "能源计量", "能效测试", "能源管理体系",
  "能源诊断", "能源审计", "清洁生产审核", "节能评估与验收", "行业专家", "其他",
];

export interface DemoUser {
  id: number;
  userName: string;
  name: string;
  phone: string;
  password: string;
  /** Fixed salt: the seed must produce the same hash every time (real users get random salts). */
  salt: string;
  sex: 1 | 2;
  company: string | null;
  industryType: string | null;
}

export const demoUsers: DemoUser[] = [
  { id: 1, userName: "demo", name: "演示用户", phone: "13800000001", password: "Demo1234", salt: "0a1b2c3d4e5f60718293a4b5c6d7e8f9", sex: 1, company: "演示纺织印染有限公司", industryType: "2,3" },
  { id: 2, userName: "zhangsan", name: "张工", phone: "13800000002", password: "Energy2024", salt: "1b2c3d4e5f60718293a4b5c6d7e8f90a", sex: 1, company: "华东钢铁集团", industryType: "1" },
  { id: 3, userName: "lisi", name: "李经理", phone: "13800000003", password: "Lisi@2024", salt: "2c3d4e5f60718293a4b5c6d7e8f90a1b", sex: 2, company: null, industryType: null },
];

/** The book library as an OAuth client; the dev secret is for local use (rotate it in production). */
export const wenkuClientSeed = {
  clientId: "wenku",
  name: "双碳书库",
  secret: "wenku-dev-secret-0123456789abcdef",
  redirectUris: [
    "https://wenku.example.com/oauth/callback",
    "http://localhost:8787/wenku/callback",
    "http://127.0.0.1:8787/wenku/callback",
    "http://localhost:5173/wenku/callback",
  ],
};

// Seeds run in the same second as the migration; timestamps are fixed so reseeding does not churn rows.
const SEEDED_AT = Date.UTC(2025, 0, 1);

export async function accountStatements(): Promise<SeedStatement[]> {
  const out: SeedStatement[] = [];
  industrySeeds.forEach((value, i) => out.push(upsert("industry_types", ["id"], { id: i + 1, value, sort_order: i + 1 })));
  const dict = (kind: string, values: string[]) =>
    values.forEach((value, i) => out.push(upsert("dict_items", ["kind", "key"], { kind, key: String(i + 1), value, sort_order: i + 1 })));
  dict("education", educationSeeds);
  dict("workYear", workYearSeeds);
  dict("managementDirection", managementDirectionSeeds);
  for (const u of demoUsers) {
    const pw = await hashPassword(u.password, u.salt);
    out.push(
      upsert(
        "users",
        ["id"],
        {
          id: u.id,
          user_name: u.userName,
          name: u.name,
          sex: u.sex,
          phone: u.phone,
          password_hash: pw.hash,
          password_salt: pw.salt,
          password_iterations: pw.iterations,
          company: u.company,
          industry_type: u.industryType,
          status: USER_STATUS.ACTIVE,
          is_admin: 0,
          is_default: 0,
          created_at: SEEDED_AT,
          updated_at: SEEDED_AT,
        },
        // A developer's own profile edits survive a reseed; credentials are reset to the documented ones.
        ["name", "sex", "company", "industry_type", "updated_at"],
      ),
    );
  }
  out.push(
    upsert("oauth_clients", ["client_id"], {
      client_id: wenkuClientSeed.clientId,
      name: wenkuClientSeed.name,
      secret_hash: await sha256Hex(wenkuClientSeed.secret),
      redirect_uris: JSON.stringify(wenkuClientSeed.redirectUris),
      scopes: "userinfo",
      enabled: 1,
    }),
  );
  return out;
}
