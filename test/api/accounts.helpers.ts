// Helpers for the account API tests: unique phones and IPs, SMS codes read from the dev outbox, login shortcuts.
import { env } from "cloudflare:test";
import { call, callJson, readEnvelope, type CallInit, type Env as Envelope } from "../support/api";
import type { LoginResponse } from "../../workers/contract/accounts";

let seq = 0;
/** A fresh mainland mobile number per call (avoids the per-phone send limits between tests). */
export function newPhone(): string {
  seq++;
  const tail = String(Math.floor(Math.random() * 1e6)).padStart(6, "0");
  return `15${seq % 10}${String(seq).padStart(2, "0").slice(-2)}${tail}`.slice(0, 11).padEnd(11, "7");
}

let ipSeq = 0;
/** A fresh client IP per call site (avoids the per-IP limits between tests). */
export function newIp(): string {
  ipSeq++;
  return `10.${Math.floor(Math.random() * 250)}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
}

export type Init = CallInit;

/** Like `call`, from client IP 10.0.0.1 unless told, with redirects left unfollowed (tests read Location themselves). */
export function req(path: string, init: Init = {}) {
  return call(path, { redirect: "manual", ...init, ip: init.ip ?? "10.0.0.1" });
}

export async function reqJson<T = unknown>(path: string, init: Init = {}): Promise<Envelope<T>> {
  return readEnvelope<T>(await req(path, init));
}

export const post = <T = unknown>(path: string, json: unknown, init: Init = {}) => reqJson<T>(path, { ...init, method: "POST", json });

export interface OutboxEntry {
  phone: string;
  type: number;
  code: string;
  content: string;
  createdAt: number;
}

/** Move a phone's earlier code rows back in time (tests use this instead of waiting out the 1-per-minute limit). */
export async function ageSmsRows(phone: string, ms: number) {
  await env.DB.prepare("UPDATE sms_codes SET created_at = created_at - ? WHERE phone = ?").bind(ms, phone).run();
}

/** Ask for a code and read it from the dev outbox like a browser test would (earlier sends are aged past the minute). */
export async function smsCode(phone: string, type: 1 | 2 | 3 | 4, ip = newIp()): Promise<string> {
  await ageSmsRows(phone, 61_000);
  const sent = await post("/api/user/sms", { phone, type }, { ip });
  if (sent.code !== 10000) throw new Error(`sms failed: ${sent.msg}`);
  const outbox = await reqJson<OutboxEntry[]>(`/api/dev/sms-outbox?phone=${phone}`);
  const entry = outbox.data.find((e) => e.type === type);
  if (!entry) throw new Error(`no ${type} code in outbox for ${phone}`);
  return entry.code;
}

/** Register a user through the API; returns its credentials. */
export async function registerUser(overrides: { userName?: string; password?: string; phone?: string } = {}) {
  const phone = overrides.phone ?? newPhone();
  const userName = overrides.userName ?? `user${randomLetters(8)}`;
  const password = overrides.password ?? "abc12345";
  const authCode = await smsCode(phone, 1);
  const res = await post<{ userId: number }>("/api/user/register", { phone, authCode, userName, password }, { ip: newIp() });
  if (res.code !== 10000) throw new Error(`register failed: ${res.msg}`);
  return { userId: res.data.userId, phone, userName, password };
}

export type LoginData = LoginResponse;

export async function loginByPassword(userName: string, password: string, ip = newIp()) {
  return post<LoginData>("/api/user/login", { type: 1, userName, password }, { ip });
}

export function randomLetters(n: number) {
  return Array.from({ length: n }, () => "abcdefghijklmnopqrstuvwxyz"[Math.floor(Math.random() * 26)]).join("");
}

export { callJson };
