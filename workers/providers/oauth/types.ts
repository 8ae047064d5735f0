// Third-party sign-in (QQ, WeChat Open Platform): the provider interface used by the account services.
import type { OAuthSource } from "../../contract/accounts";

export interface OAuthIdentity {
  source: OAuthSource;
  openId: string;
  unionId: string | null;
  nickname: string | null;
  avatar: string | null;
  /** 1 male, 2 female, null unknown. */
  gender: 1 | 2 | null;
}

export interface OAuthProvider {
  readonly source: OAuthSource;
  /** The provider's authorize page for our app, returning to redirectUri with code and state. */
  authorizeUrl(state: string, redirectUri: string): string;
  /**
   * The provider's login panel for an iframe inside our page, where the provider offers one (WeChat's QR panel,
   * as wxLogin.js embeds it). Absent: only the full authorize page exists.
   */
  embeddedUrl?(state: string, redirectUri: string): string;
  /** code → access token → openid → user info. */
  exchange(code: string, redirectUri: string): Promise<OAuthIdentity>;
}

export type Fetch = (request: Request) => Promise<Response>;

/** The provider refused a step (bad code, expired token…); the message is for logs, not users. */
export class OAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OAuthError";
  }
}

export async function readJson(res: Response, what: string): Promise<Record<string, unknown>> {
  const text = await res.text();
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    // QQ's older endpoints answer JSONP ("callback( {...} );") when fmt=json is missing.
    const m = /\{[\s\S]*\}/.exec(text);
    if (m) return JSON.parse(m[0]) as Record<string, unknown>;
    throw new OAuthError(`${what}: unreadable response (${res.status})`);
  }
}
