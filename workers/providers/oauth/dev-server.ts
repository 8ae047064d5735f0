// The local stand-in for QQ and WeChat (OAUTH_MODE=dev, APP_ENV=local): a tiny OAuth2 server inside the Worker that
// speaks each provider's protocol at the same relative paths, so the real clients run unchanged against it.
import { Hono, type Context } from "hono";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { QRCode } from "antd";
import { and, asc, eq } from "drizzle-orm";
import { SignJWT, decodeProtectedHeader, jwtVerify } from "jose";
import { devOauthUsers } from "../../../db/schema";
import { getDb } from "../../lib/db";
import { randomToken } from "../../lib/crypto";
import { escapeHtml } from "../../lib/encoding";
import { DEV_OAUTH_PREFIX, devOauthApp as devApps } from "./config";

type Provider = "qq" | "wechat";
type DevEnv = { Bindings: Env };

const CODE_TTL_S = 300;
const TOKEN_TTL_S = 7200;

function key(env: Env) {
  return new TextEncoder().encode(`dev-oauth:${env.JWT_SECRET ?? ""}`);
}

async function sign(env: Env, aud: string, claims: Record<string, string>, ttlS: number) {
  return new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setAudience(aud).setIssuedAt().setExpirationTime(`${ttlS}s`).setJti(randomToken(8)).sign(key(env));
}

async function verify(env: Env, aud: string, token: string): Promise<Record<string, unknown> | null> {
  try {
    decodeProtectedHeader(token);
    return (await jwtVerify(token, key(env), { audience: aud, algorithms: ["HS256"] })).payload as Record<string, unknown>;
  } catch {
    return null;
  }
}


function enabled(env: Env) {
  return env.APP_ENV === "local" && (env.OAUTH_MODE ?? "dev") === "dev";
}

/** The dev server only sends people back into this same platform. */
function sameOrigin(redirectUri: string, requestUrl: string) {
  try {
    return new URL(redirectUri).origin === new URL(requestUrl).origin;
  } catch {
    return false;
  }
}

function page(title: string, body: string) {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;max-width:520px;margin:24px auto;padding:0 16px;color:#222}
h1{font-size:20px}form{margin:8px 0}button{padding:8px 16px;cursor:pointer}.who{display:flex;gap:8px;align-items:center;border:1px solid #ddd;border-radius:6px;padding:8px;margin:6px 0}
.who span{flex:1}input,select{padding:6px;margin-right:6px}.note{color:#888;font-size:12px}</style></head><body>${body}</body></html>`;
}

interface AuthorizeParams {
  clientId: string;
  redirectUri: string;
  state: string;
}

async function renderAuthorize(c: Context<DevEnv>, provider: Provider, p: AuthorizeParams, action: string) {
  const label = provider === "qq" ? "QQ" : "微信";
  const db = getDb(c.env.DB);
  const people = await db.select().from(devOauthUsers).where(eq(devOauthUsers.provider, provider)).orderBy(asc(devOauthUsers.id));
  const hidden = `<input type="hidden" name="client_id" value="${escapeHtml(p.clientId)}"><input type="hidden" name="redirect_uri" value="${escapeHtml(p.redirectUri)}"><input type="hidden" name="state" value="${escapeHtml(p.state)}">`;
  const list = people
    .map(
      (u) =>
        `<form method="post" action="${action}" class="who">${hidden}<input type="hidden" name="open_id" value="${escapeHtml(u.openId)}"><span>${escapeHtml(u.nickname)}（${u.gender === 2 ? "女" : "男"}）<br><small class="note">${escapeHtml(u.openId)}</small></span><button type="submit" data-open-id="${escapeHtml(u.openId)}">授权登录</button></form>`,
    )
    .join("");
  const body = `<h1>${label}授权登录（本地开发模拟）</h1><p>应用 <b>${escapeHtml(p.clientId)}</b> 请求获取你的昵称、头像和性别。</p>
${list || '<p class="note">还没有模拟用户，请在下面创建一个。</p>'}
<h2 style="font-size:16px">新建模拟用户</h2>
<form method="post" action="${action}" id="create">${hidden}<input name="nickname" placeholder="昵称" required maxlength="30"><select name="gender"><option value="1">男</option><option value="2">女</option></select><button type="submit">创建并授权</button></form>
<p class="note">此页面仅在本地模式（OAUTH_MODE=dev）下存在，模拟${label}开放平台。</p>`;
  return c.html(page(`${label}授权登录`, body));
}

/** A real QR code (SVG) of a URL, so the dev panel looks and scans like WeChat's. */
function qrSvg(value: string): string {
  const html = renderToStaticMarkup(createElement(QRCode, { value, type: "svg", size: 180, bordered: false, color: "#000000" }));
  return /<svg[\s\S]*<\/svg>/.exec(html)?.[0] ?? "";
}

/**
 * WeChat's QR panel as wxLogin.js embeds it (login_type=jssdk, 300×400 iframe). No phone can scan it locally, so
 * 模拟扫码确认 stands for "scanned and confirmed in WeChat": it approves as the chosen (or a new) fake person, and the
 * redirect goes to the top window (self_redirect=false, WeChat's default) or stays in the iframe (self_redirect=true).
 */
async function renderQrPanel(c: Context<DevEnv>, p: AuthorizeParams, selfRedirect: boolean) {
  const db = getDb(c.env.DB);
  const people = await db.select().from(devOauthUsers).where(eq(devOauthUsers.provider, "wechat")).orderBy(asc(devOauthUsers.id));
  const options = people.map((u) => `<option value="${escapeHtml(u.openId)}">${escapeHtml(u.nickname)}</option>`).join("");
  const action = "/auth/dev-oauth/wechat/connect/qrconnect";
  const body = `<main class="panel"><h1>微信登录</h1><div class="qr" role="img" aria-label="微信登录二维码">${qrSvg(c.req.url)}</div>
<p>请使用微信扫描二维码登录</p>
<form method="post" action="${action}" target="${selfRedirect ? "_self" : "_top"}" id="scan">
<input type="hidden" name="client_id" value="${escapeHtml(p.clientId)}"><input type="hidden" name="redirect_uri" value="${escapeHtml(p.redirectUri)}"><input type="hidden" name="state" value="${escapeHtml(p.state)}">
<input type="hidden" name="nickname" value="微信扫码用户">
<label>扫码的微信账号 <select name="open_id"><option value="">新的微信用户</option>${options}</select></label>
<button type="submit">模拟扫码确认</button></form>
<p class="note">本地开发模拟（OAUTH_MODE=dev）：点击按钮即视为已用微信扫码并确认登录。</p></main>`;
  return c.html(
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>微信登录</title><style>body{margin:0;font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;color:#222;text-align:center}
.panel{width:300px;margin:0 auto;padding:8px 0}h1{font-size:16px;margin:4px 0 8px}.qr{display:inline-block;padding:8px;border:1px solid #e5e5e5}.qr svg{display:block}
p{font-size:13px;margin:8px 0}select{font-size:12px;padding:2px;max-width:120px}label{font-size:12px}button{margin-top:8px;padding:6px 16px;background:#07c160;color:#fff;border:0;border-radius:4px;cursor:pointer;font-size:14px}
.note{color:#666;font-size:11px;padding:0 12px}</style></head><body>${body}</body></html>`,
  );
}

async function approve(c: Context<DevEnv>, provider: Provider) {
  const form = await c.req.parseBody();
  const clientId = String(form.client_id ?? "");
  const redirectUri = String(form.redirect_uri ?? "");
  const state = String(form.state ?? "");
  const apps = devApps(c.env);
  if (clientId !== (provider === "qq" ? apps.qq.appId : apps.wechat.appId)) return c.text("unknown client_id", 400);
  if (!sameOrigin(redirectUri, c.req.url)) return c.text("redirect_uri not allowed", 400);
  const db = getDb(c.env.DB);
  let openId = String(form.open_id ?? "");
  if (openId) {
    const found = await db.query.devOauthUsers.findFirst({ where: and(eq(devOauthUsers.provider, provider), eq(devOauthUsers.openId, openId)) });
    if (!found) return c.text("unknown user", 400);
  } else {
    const nickname = String(form.nickname ?? "").trim().slice(0, 30);
    if (!nickname) return c.text("nickname required", 400);
    openId = `${provider === "qq" ? "QQ" : "o"}${randomToken(15).replace(/[-_]/g, "x")}`;
    await db.insert(devOauthUsers).values({ provider, openId, nickname, gender: String(form.gender) === "2" ? 2 : 1, avatar: null, createdAt: Date.now() });
  }
  const code = await sign(c.env, `code:${provider}`, { sub: openId, cid: clientId, ru: redirectUri }, CODE_TTL_S);
  const target = new URL(redirectUri);
  target.searchParams.set("code", code);
  if (state) target.searchParams.set("state", state);
  return c.redirect(target.toString(), 302);
}

async function identity(c: Context<DevEnv>, provider: Provider, accessToken: string) {
  const claims = await verify(c.env, `token:${provider}`, accessToken);
  if (!claims || typeof claims.sub !== "string") return null;
  const person = await getDb(c.env.DB).query.devOauthUsers.findFirst({
    where: and(eq(devOauthUsers.provider, provider), eq(devOauthUsers.openId, claims.sub)),
  });
  return person ? { person, clientId: String(claims.cid) } : null;
}

/** Mounted at /auth/dev-oauth; also called in-process by the OAuth clients in dev mode. */
export const devOauthServer = new Hono<DevEnv>();

devOauthServer.use("*", async (c, next) => {
  if (!enabled(c.env)) return c.json({ code: 10004, msg: "请求的内容不存在", data: null }, 404);
  await next();
});

// ---- QQ (graph.qq.com shapes)
devOauthServer.get("/qq/oauth2.0/authorize", (c) =>
  renderAuthorize(c, "qq", { clientId: c.req.query("client_id") ?? "", redirectUri: c.req.query("redirect_uri") ?? "", state: c.req.query("state") ?? "" }, "/auth/dev-oauth/qq/oauth2.0/authorize"),
);
devOauthServer.post("/qq/oauth2.0/authorize", (c) => approve(c, "qq"));
devOauthServer.get("/qq/oauth2.0/token", async (c) => {
  const q = c.req.query();
  const apps = devApps(c.env);
  if (q.grant_type !== "authorization_code" || q.client_id !== apps.qq.appId || q.client_secret !== apps.qq.appKey) {
    return c.json({ error: 100001, error_description: "invalid client or grant" });
  }
  const claims = await verify(c.env, "code:qq", q.code ?? "");
  if (!claims || claims.cid !== q.client_id || claims.ru !== q.redirect_uri) return c.json({ error: 100019, error_description: "code invalid" });
  const accessToken = await sign(c.env, "token:qq", { sub: String(claims.sub), cid: apps.qq.appId }, TOKEN_TTL_S);
  return c.json({ access_token: accessToken, expires_in: String(TOKEN_TTL_S), refresh_token: randomToken(16) });
});
devOauthServer.get("/qq/oauth2.0/me", async (c) => {
  const who = await identity(c, "qq", c.req.query("access_token") ?? "");
  if (!who) return c.json({ error: 100016, error_description: "access token check failed" });
  return c.json({ client_id: who.clientId, openid: who.person.openId, unionid: `UID_${who.person.openId}` });
});
devOauthServer.get("/qq/user/get_user_info", async (c) => {
  const who = await identity(c, "qq", c.req.query("access_token") ?? "");
  if (!who || c.req.query("openid") !== who.person.openId || c.req.query("oauth_consumer_key") !== who.clientId) {
    return c.json({ ret: 100016, msg: "access token check failed" });
  }
  const avatar = who.person.avatar ?? "";
  return c.json({ ret: 0, msg: "", nickname: who.person.nickname, gender: who.person.gender === 2 ? "女" : "男", figureurl_qq_1: avatar, figureurl_qq_2: avatar });
});

// ---- WeChat (open.weixin.qq.com / api.weixin.qq.com shapes)
devOauthServer.get("/wechat/connect/qrconnect", (c) => {
  const p = { clientId: c.req.query("appid") ?? "", redirectUri: c.req.query("redirect_uri") ?? "", state: c.req.query("state") ?? "" };
  if (c.req.query("login_type") === "jssdk") return renderQrPanel(c, p, c.req.query("self_redirect") === "true");
  return renderAuthorize(c, "wechat", p, "/auth/dev-oauth/wechat/connect/qrconnect");
});
devOauthServer.post("/wechat/connect/qrconnect", (c) => approve(c, "wechat"));
devOauthServer.get("/wechat/sns/oauth2/access_token", async (c) => {
  const q = c.req.query();
  const apps = devApps(c.env);
  if (q.grant_type !== "authorization_code" || q.appid !== apps.wechat.appId || q.secret !== apps.wechat.appSecret) {
    return c.json({ errcode: 40125, errmsg: "invalid appsecret" });
  }
  const claims = await verify(c.env, "code:wechat", q.code ?? "");
  if (!claims || claims.cid !== q.appid) return c.json({ errcode: 40029, errmsg: "invalid code" });
  const accessToken = await sign(c.env, "token:wechat", { sub: String(claims.sub), cid: apps.wechat.appId }, TOKEN_TTL_S);
  return c.json({ access_token: accessToken, expires_in: TOKEN_TTL_S, refresh_token: randomToken(16), openid: claims.sub, scope: "snsapi_login", unionid: `UID_${claims.sub}` });
});
devOauthServer.get("/wechat/sns/userinfo", async (c) => {
  const who = await identity(c, "wechat", c.req.query("access_token") ?? "");
  if (!who || c.req.query("openid") !== who.person.openId) return c.json({ errcode: 40001, errmsg: "invalid credential" });
  return c.json({
    openid: who.person.openId,
    nickname: who.person.nickname,
    sex: who.person.gender,
    province: "",
    city: "",
    country: "CN",
    headimgurl: who.person.avatar ?? "",
    privilege: [],
    unionid: `UID_${who.person.openId}`,
  });
});

/** In-process fetch into the dev server (strips the mount prefix, as the Hono router would). */
export function devOauthFetch(env: Env) {
  return async (request: Request) => {
    const url = new URL(request.url);
    url.pathname = url.pathname.slice(url.pathname.indexOf(DEV_OAUTH_PREFIX) + DEV_OAUTH_PREFIX.length);
    return devOauthServer.fetch(new Request(url, request), env);
  };
}
