// QQ Connect (graph.qq.com) OAuth2: authorize → /oauth2.0/token → /oauth2.0/me (openid) → /user/get_user_info.
import { OAuthError, readJson, type Fetch, type OAuthIdentity, type OAuthProvider } from "./types";

export interface QqConfig {
  appId: string;
  appKey: string;
  /** https://graph.qq.com, or the dev server's /auth/dev-oauth/qq. */
  baseUrl: string;
}

export class QqOAuth implements OAuthProvider {
  readonly source = "QQ" as const;
  constructor(
    private readonly config: QqConfig,
    private readonly fetcher: Fetch,
  ) {}

  authorizeUrl(state: string, redirectUri: string): string {
    const q = new URLSearchParams({ response_type: "code", client_id: this.config.appId, redirect_uri: redirectUri, state, scope: "get_user_info" });
    return `${this.config.baseUrl}/oauth2.0/authorize?${q}`;
  }

  async exchange(code: string, redirectUri: string): Promise<OAuthIdentity> {
    const tokenQuery = new URLSearchParams({
      grant_type: "authorization_code",
      client_id: this.config.appId,
      client_secret: this.config.appKey,
      code,
      redirect_uri: redirectUri,
      fmt: "json",
    });
    const token = await readJson(await this.fetcher(new Request(`${this.config.baseUrl}/oauth2.0/token?${tokenQuery}`)), "qq token");
    if (typeof token.access_token !== "string") throw new OAuthError(`qq token: ${token.error ?? "?"} ${token.error_description ?? ""}`);
    const accessToken = token.access_token;

    const meQuery = new URLSearchParams({ access_token: accessToken, fmt: "json", unionid: "1" });
    const me = await readJson(await this.fetcher(new Request(`${this.config.baseUrl}/oauth2.0/me?${meQuery}`)), "qq me");
    if (typeof me.openid !== "string") throw new OAuthError(`qq me: ${me.error ?? "?"} ${me.error_description ?? ""}`);
    if (me.client_id !== undefined && me.client_id !== this.config.appId) throw new OAuthError("qq me: token issued to another app");

    const infoQuery = new URLSearchParams({ access_token: accessToken, oauth_consumer_key: this.config.appId, openid: me.openid });
    const info = await readJson(await this.fetcher(new Request(`${this.config.baseUrl}/user/get_user_info?${infoQuery}`)), "qq user info");
    if (info.ret !== 0) throw new OAuthError(`qq user info: ${info.ret} ${info.msg ?? ""}`);
    return {
      source: "QQ",
      openId: me.openid,
      unionId: typeof me.unionid === "string" ? me.unionid : null,
      nickname: typeof info.nickname === "string" ? info.nickname : null,
      avatar: typeof info.figureurl_qq_2 === "string" && info.figureurl_qq_2 ? info.figureurl_qq_2 : typeof info.figureurl_qq_1 === "string" ? info.figureurl_qq_1 : null,
      gender: info.gender === "男" ? 1 : info.gender === "女" ? 2 : null,
    };
  }
}
