// WeChat Open Platform website sign-in: qrconnect → /sns/oauth2/access_token (with openid) → /sns/userinfo.
import { OAuthError, readJson, type Fetch, type OAuthIdentity, type OAuthProvider } from "./types";

export interface WechatConfig {
  appId: string;
  appSecret: string;
  /** https://open.weixin.qq.com, or the dev server's /auth/dev-oauth/wechat. */
  authorizeBaseUrl: string;
  /** https://api.weixin.qq.com, or the dev server's /auth/dev-oauth/wechat. */
  apiBaseUrl: string;
}

export class WechatOAuth implements OAuthProvider {
  readonly source = "WECHAT_OPEN" as const;
  constructor(
    private readonly config: WechatConfig,
    private readonly fetcher: Fetch,
  ) {}

  authorizeUrl(state: string, redirectUri: string): string {
    const q = new URLSearchParams({ appid: this.config.appId, redirect_uri: redirectUri, response_type: "code", scope: "snsapi_login", state });
    return `${this.config.authorizeBaseUrl}/connect/qrconnect?${q}#wechat_redirect`;
  }

  /**
   * The QR panel WeChat's wxLogin.js puts in a 300×400 iframe (login_type=jssdk). self_redirect=false: after the scan
   * is confirmed WeChat sends the top window (not the iframe) to redirectUri with code and state.
   */
  embeddedUrl(state: string, redirectUri: string): string {
    const q = new URLSearchParams({
      appid: this.config.appId,
      redirect_uri: redirectUri,
      response_type: "code",
      scope: "snsapi_login",
      state,
      login_type: "jssdk",
      self_redirect: "false",
    });
    return `${this.config.authorizeBaseUrl}/connect/qrconnect?${q}#wechat_redirect`;
  }

  async exchange(code: string, _redirectUri: string): Promise<OAuthIdentity> {
    const q = new URLSearchParams({ appid: this.config.appId, secret: this.config.appSecret, code, grant_type: "authorization_code" });
    const token = await readJson(await this.fetcher(new Request(`${this.config.apiBaseUrl}/sns/oauth2/access_token?${q}`)), "wechat token");
    if (typeof token.access_token !== "string" || typeof token.openid !== "string") {
      throw new OAuthError(`wechat token: ${token.errcode ?? "?"} ${token.errmsg ?? ""}`);
    }
    const infoQuery = new URLSearchParams({ access_token: token.access_token, openid: token.openid, lang: "zh_CN" });
    const info = await readJson(await this.fetcher(new Request(`${this.config.apiBaseUrl}/sns/userinfo?${infoQuery}`)), "wechat userinfo");
    if (info.errcode) throw new OAuthError(`wechat userinfo: ${info.errcode} ${info.errmsg ?? ""}`);
    const unionId = typeof info.unionid === "string" ? info.unionid : typeof token.unionid === "string" ? token.unionid : null;
    return {
      source: "WECHAT_OPEN",
      openId: token.openid,
      unionId,
      nickname: typeof info.nickname === "string" ? info.nickname : null,
      avatar: typeof info.headimgurl === "string" && info.headimgurl ? info.headimgurl : null,
      gender: info.sex === 1 ? 1 : info.sex === 2 ? 2 : null,
    };
  }
}
