// Book-library authorisation server: /auth/wenku/{authorize,token,userinfo} (OAuth2) and the /wenkuLogin page's API.
import { Hono, type Context } from "hono";
import type { AppEnv } from "./types";
import { ok } from "../lib/envelope";
import { SUCCESS_MSG, wenkuAuthorizeSchema } from "../contract/accounts";
import { parseBody, readBody, requestMeta } from "./accounts-body";
import { authenticate } from "../services/accounts/users";
import { checkClient, clientView, exchangeCode, issueCode, OAuthServerError, userInfoForToken } from "../services/accounts/wenku";
import { AppError } from "../lib/errors";
import { fromBase64 } from "../lib/encoding";

function oauthError(c: Context<AppEnv>, e: OAuthServerError) {
  if (e.status === 401) c.header("WWW-Authenticate", `Bearer error="${e.error}"`);
  return c.json({ error: e.error, error_description: e.description }, e.status, { "Cache-Control": "no-store" });
}

/** OAuth endpoints for the external client: RFC 6749 JSON and statuses, not the envelope. */
/** RFC 6749 §2.3.1: HTTP Basic with the form-encoded client id and secret; a malformed header is a failed client login. */
function basicCredentials(encoded: string): [string, string] {
  try {
    const [id, secret] = new TextDecoder().decode(fromBase64(encoded.trim())).split(":");
    return [decodeURIComponent(id ?? ""), decodeURIComponent(secret ?? "")];
  } catch {
    throw new OAuthServerError("invalid_client", "client authentication failed", 401);
  }
}

export const wenkuOauthApi = new Hono<AppEnv>()
  .get("/authorize", async (c) => {
    const q = c.req.query();
    if (q.response_type !== "code") return c.text("unsupported response_type", 400);
    try {
      await checkClient({ db: c.get("db"), clientId: q.client_id ?? "", redirectUri: q.redirect_uri ?? "" });
    } catch (e) {
      // Never redirect to an unregistered URI: show the error here.
      if (e instanceof AppError) return c.text(e.message, 400);
      throw e;
    }
    const page = new URL("/wenkuLogin", c.req.url);
    for (const k of ["client_id", "redirect_uri", "state", "scope"]) if (q[k]) page.searchParams.set(k, q[k]);
    return c.redirect(page.toString(), 302);
  })
  .post("/token", async (c) => {
    try {
      // RFC 6749 §4.1.3: the token request is a urlencoded form.
      const body = await readBody(c, { form: true });
      let clientId = String(body.client_id ?? "");
      let clientSecret = String(body.client_secret ?? "");
      const basic = c.req.header("authorization");
      if (basic?.startsWith("Basic ")) {
        const [id, secret] = basicCredentials(basic.slice(6));
        clientId = id;
        clientSecret = secret;
      }
      const token = await exchangeCode({ db: c.get("db"), input: {
        grantType: String(body.grant_type ?? ""),
        code: String(body.code ?? ""),
        redirectUri: String(body.redirect_uri ?? ""),
        clientId,
        clientSecret,
      } });
      return c.json(token, 200, { "Cache-Control": "no-store", Pragma: "no-cache" });
    } catch (e) {
      if (e instanceof OAuthServerError) return oauthError(c, e);
      throw e;
    }
  })
  .get("/userinfo", async (c) => {
    const auth = c.req.header("authorization") ?? "";
    const token = auth.startsWith("Bearer ") ? auth.slice(7).trim() : (c.req.query("access_token") ?? "");
    try {
      const info = await userInfoForToken({ db: c.get("db"), accessToken: token });
      const origin = new URL(c.req.url).origin;
      return c.json({ ...info, avatar: info.avatar ? `${origin}${info.avatar}` : null }, 200, { "Cache-Control": "no-store" });
    } catch (e) {
      if (e instanceof OAuthServerError) return oauthError(c, e);
      throw e;
    }
  });

/** The /wenkuLogin page's calls (envelope): who is asking, then log in + consent → redirect URL with the code. */
export const wenkuPageApi = new Hono<AppEnv>()
  .get("/client", async (c) => {
    const client = await checkClient({ db: c.get("db"), clientId: c.req.query("client_id") ?? "", redirectUri: c.req.query("redirect_uri") ?? "" });
    return ok(c, clientView(client));
  })
  .post("/authorize", async (c) => {
    const input = await parseBody(c, wenkuAuthorizeSchema);
    const db = c.get("db");
    const client = await checkClient({ db, clientId: input.client_id, redirectUri: input.redirect_uri });
    const user = await authenticate({ env: c.env, db, input, ip: requestMeta(c).ip });
    return ok(c, await issueCode({ db, client, userId: user.id, redirectUri: input.redirect_uri, state: input.state }), SUCCESS_MSG.authorized);
  });
