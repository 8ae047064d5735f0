// The user's data rights (docs/account-rights.md): /api/account/* — 导出我的数据 (request, list, owner-only download)
// and 注销账号 (overview, SMS code to the bound phone, delete). Thin: parse → service → envelope.
import { Hono, type Context } from "hono";
import { deleteCookie } from "hono/cookie";
import type { AppEnv } from "./types";
import { actorOf, requireActor } from "./middleware";
import { ok } from "../lib/envelope";
import { escapeHtml } from "../lib/encoding";
import { TOKEN_COOKIE, cookieOptions } from "../lib/cookies";
import { maskPhone } from "../contract/accounts";
import {
  EXPORT_LINK_DAYS,
  PHONE_REUSE_DAYS,
  RIGHTS_MSG,
  deleteAccountSchema,
  type RightsOverview,
} from "../contract/account-rights";
import { parseBody, originOf, requestMeta } from "./accounts-body";
import { getUser } from "../services/accounts/users";
import { listExports, readExportFile, requestExport } from "../services/accounts/data-export";
import { deleteAccount, deleteMethodOf, sendDeletionCode } from "../services/accounts/deletion";
import { chinaDate } from "../lib/china-time";

/** A short Chinese page for a download link that cannot be served (the link is opened in the browser). */
function refusal(c: Context<AppEnv>, status: 401 | 404, text: string) {
  const body = `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>${escapeHtml(text)}</title><body style="font-family:sans-serif;padding:48px;text-align:center"><p>${escapeHtml(text)}</p><p><a href="/personal/settings">返回账号设置</a></p></body></html>`;
  return c.body(body, status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" });
}

export const accountRightsApi = new Hono<AppEnv>()
  /** The zip: only its owner (session check), only until the link expires. Others and expired links get 404. */
  .get("/export/:id/download", async (c) => {
    const actor = c.get("actor");
    if (!actor) return refusal(c, 401, RIGHTS_MSG.loginToDownload);
    const file = await readExportFile({ env: c.env, db: c.get("db"), userId: actor.userId, id: c.req.param("id") });
    if (!file) return refusal(c, 404, RIGHTS_MSG.exportGone);
    const name = `个人数据导出-${chinaDate(file.row.readyAt ?? Date.now())}.zip`;
    return new Response(file.object.body, {
      headers: {
        "content-type": "application/zip",
        "content-length": String(file.object.size),
        "content-disposition": `attachment; filename="personal-data.zip"; filename*=UTF-8''${encodeURIComponent(name)}`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  })
  .use("*", requireActor)
  .get("/overview", async (c) => {
    const actor = actorOf(c);
    const db = c.get("db");
    const user = await getUser({ db, userId: actor.userId });
    const overview: RightsOverview = {
      exports: await listExports({ db, userId: actor.userId }),
      deleteMethod: deleteMethodOf(user),
      maskedPhone: user.phone ? maskPhone(user.phone) : null,
      phoneReuseDays: PHONE_REUSE_DAYS,
      exportLinkDays: EXPORT_LINK_DAYS,
    };
    return ok(c, overview);
  })
  .post("/export", async (c) => ok(c, await requestExport({ env: c.env, db: c.get("db"), userId: actorOf(c).userId }), RIGHTS_MSG.exportQueued))
  .post("/delete/sms", async (c) => ok(c, await sendDeletionCode({ env: c.env, db: c.get("db"), userId: actorOf(c).userId, ip: requestMeta(c).ip }), RIGHTS_MSG.deleteCodeSent))
  .post("/delete", async (c) => {
    const input = await parseBody(c, deleteAccountSchema);
    const result = await deleteAccount({ db: c.get("db"), env: c.env, now: Date.now(), origin: originOf(c), userId: actorOf(c).userId, input, meta: requestMeta(c) });
    deleteCookie(c, TOKEN_COOKIE, cookieOptions(c.req.url, 0));
    return ok(c, result, RIGHTS_MSG.deleted);
  });
