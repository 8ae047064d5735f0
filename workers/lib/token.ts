// Session JWTs (jose, HS256): the token carries only the session id and user id; the session row decides validity.
import { SignJWT, decodeProtectedHeader, jwtVerify, errors as joseErrors } from "jose";

export const SESSION_TTL_MS = 24 * 60 * 60 * 1000; // token cookie lives 1 day (spec 1 §9)
const ISSUER = "energy-platform";

export interface SessionClaims {
  sid: string;
  uid: number;
}

function key(secret: string | undefined): Uint8Array {
  if (!secret || secret.length < 32) throw new Error("JWT_SECRET must be set (32+ characters)");
  return new TextEncoder().encode(secret);
}

export async function signSessionToken(secret: string | undefined, claims: SessionClaims, expiresAtMs: number) {
  return new SignJWT({ sid: claims.sid, uid: claims.uid })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAtMs / 1000))
    .sign(key(secret));
}

export type TokenCheck =
  | { ok: true; claims: SessionClaims }
  | { ok: false; reason: "expired" | "invalid" };

export async function verifySessionToken(secret: string | undefined, token: string): Promise<TokenCheck> {
  try {
    // A malformed header makes jose reject a promise it never awaits inside workerd; reject it synchronously first.
    decodeProtectedHeader(token);
    const { payload } = await jwtVerify(token, key(secret), { issuer: ISSUER, algorithms: ["HS256"] });
    if (typeof payload.sid !== "string" || typeof payload.uid !== "number") return { ok: false, reason: "invalid" };
    return { ok: true, claims: { sid: payload.sid, uid: payload.uid } };
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) return { ok: false, reason: "expired" };
    return { ok: false, reason: "invalid" };
  }
}
