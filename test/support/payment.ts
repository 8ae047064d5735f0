// Payment helpers for workerd tests: pay for a report through the real path (order → page.pay form → the dev
// gateway's cashier → its signed notify → SUCCESS), sign notifies as the dev gateway does, and read the form.
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { exports } from "cloudflare:workers";
import { BASE, callJson } from "./api";
import { rsa2Sign, signContent } from "../../workers/providers/alipay/rsa";
import type { OrderView, PayStart } from "../../workers/contract/payment";

/** The hidden fields and action of the page.pay form the pay call answers with. */
export function formOf(html: string): { action: string; fields: Record<string, string> } {
  // The form is escaped by escapeHtml (workers/lib/encoding.ts): named entities and &#39;.
  const named: Record<string, string> = { quot: '"', amp: "&", lt: "<", gt: ">" };
  const unescape = (s: string) => s.replace(/&(?:#(\d+)|(quot|amp|lt|gt));/g, (_m, n: string | undefined, name: string) => (n ? String.fromCharCode(Number(n)) : named[name]!));
  const action = unescape(/<form[^>]* action="([^"]*)"/.exec(html)![1]);
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields[unescape(m[1])] = unescape(m[2]);
  return { action, fields };
}

/** POST a form like a browser would, but without following redirects (the gateway's 302 is what is checked). */
export function postForm(path: string, fields: Record<string, string>, token?: string) {
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded" });
  if (token) headers.set("token", token);
  return exports.default.fetch(new Request(`${BASE}${path}`, { method: "POST", headers, body: new URLSearchParams(fields).toString(), redirect: "manual" }));
}

/** Sign notify/return parameters with a key (the dev gateway's by default), as Alipay does. */
export async function signCallback(params: Record<string, string>, privateKey = (env as unknown as Record<string, string>).ALIPAY_DEV_GATEWAY_PRIVATE_KEY) {
  const p = { ...params, sign_type: "RSA2" };
  return { ...p, sign: await rsa2Sign(signContent(p, { dropSignType: true }), privateKey) };
}

export async function addOrder(token: string, surveyId: number, productId: number, extra: Record<string, unknown> = {}) {
  return callJson<OrderView>("/api/pay/pc/order/add", { token, json: { productId, subProductId: surveyId, amount: 1, orderAmount: 1000, merchantId: 1, platform: "TCC", ...extra } });
}

/** Request page.pay and press 确认付款 in the dev gateway; returns the gateway's answer (302 to return_url). */
export async function payAtGateway(token: string, orderSn: string) {
  const pay = await callJson<PayStart>("/api/pay/pc/pay", { token, json: { orderSn, payChannel: "alipay" } });
  expect(pay.code, pay.msg).toBe(10000);
  const { fields } = formOf(pay.data.form);
  return postForm("/api/dev/alipay/cashier/pay", fields);
}

/** A SUCCESS order for the survey's report, paid through Alipay's (dev) protocol. */
export async function payForReport(token: string, surveyId: number, productId: number): Promise<OrderView> {
  const order = await addOrder(token, surveyId, productId);
  expect(order.code, order.msg).toBe(10000);
  const res = await payAtGateway(token, order.data.orderSn);
  expect(res.status).toBe(302);
  const after = await callJson<OrderView>(`/api/order/getBySubProduct/${surveyId}`, { token });
  expect(after.data.status).toBe("SUCCESS");
  return after.data;
}
