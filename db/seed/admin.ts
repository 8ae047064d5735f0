// Operator console seeds: the demo operator account (README "Demo data") and the keyword list that holds new
// posts for review. Idempotent upserts on fixed keys.
import type { SeedStatement } from "./types";
import { hashPassword } from "../../workers/services/accounts/passwords";
import { upsert } from "./upsert";
import { USER_STATUS } from "../../workers/contract/user-status";

/** The demo operator: signs in at /login like any user and opens /admin. */
export const demoAdmin = { id: 4, userName: "admin", name: "运营管理员", phone: "13800000009", password: "Admin@2024", salt: "3d4e5f60718293a4b5c6d7e8f90a1b2c" };

/** Words that hold a post for review: advertising, fraud and illegal services seen on Q&A sites. */
export const seedKeywords = ["加微信", "代开发票", "刷单", "博彩", "赌博", "办证", "兼职日结", "高额返利", "色情", "枪支"];

const SEEDED_AT = Date.UTC(2025, 0, 1);

export async function adminStatements(): Promise<SeedStatement[]> {
  const pw = await hashPassword(demoAdmin.password, demoAdmin.salt);
  const out: SeedStatement[] = [
    upsert(
      "users",
      ["id"],
      {
        id: demoAdmin.id,
        user_name: demoAdmin.userName,
        name: demoAdmin.name,
        sex: 1,
        phone: demoAdmin.phone,
        password_hash: pw.hash,
        password_salt: pw.salt,
        password_iterations: pw.iterations,
        status: USER_STATUS.ACTIVE,
        is_admin: 1,
        is_default: 0,
        created_at: SEEDED_AT,
        updated_at: SEEDED_AT,
      },
      ["name", "updated_at"],
    ),
  ];
  // Keyed on the word: reseeding keeps operator-added words and re-adds removed seed words.
  for (const word of seedKeywords) out.push(upsert("moderation_keywords", ["word"], { word, created_at: SEEDED_AT }));
  return out;
}
