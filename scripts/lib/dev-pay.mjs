// Local scripts that download report PDFs must pay first (issue 7): order → page.pay form → the dev Alipay gateway's
// 确认付款 (which sends the signed notify). Works against a `wrangler dev` with ALIPAY_GATEWAY=dev.
const HEADERS = { "content-type": "application/json", code: "energy-evaluation" };

async function post(baseUrl, path, body, token) {
  const res = await fetch(`${baseUrl}${path}`, { method: "POST", headers: { ...HEADERS, token }, body: JSON.stringify(body) });
  return res.json();
}

/** Pay for a survey's report through the dev gateway; throws when the order does not end SUCCESS. */
export async function payReportAtDevGateway(baseUrl, token, surveyId, productId) {
  // batchId null: no coupon (a new order would otherwise take the best one, which may cover everything).
  const order = await post(baseUrl, "/api/pay/pc/order/add", { productId, subProductId: surveyId, batchId: null }, token);
  if (order.code !== 10000) throw new Error(`order/add: ${order.msg}`);
  if (order.data.status === "SUCCESS") return order.data;
  const pay = await post(baseUrl, "/api/pay/pc/pay", { orderSn: order.data.orderSn, payChannel: "alipay", batchId: null }, token);
  if (pay.code !== 10000) throw new Error(`pay: ${pay.msg}`);
  // The form is escaped by escapeHtml (workers/lib/encoding.ts): named entities and &#39;.
  const named = { quot: '"', amp: "&", lt: "<", gt: ">" };
  const unescape = (s) => s.replace(/&(?:#(\d+)|(quot|amp|lt|gt));/g, (_m, n, name) => (n ? String.fromCharCode(Number(n)) : named[name]));
  const fields = new URLSearchParams();
  for (const m of pay.data.form.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields.set(unescape(m[1]), unescape(m[2]));
  await fetch(`${baseUrl}/api/dev/alipay/cashier/pay`, { method: "POST", body: fields, redirect: "manual" });
  const after = await (await fetch(`${baseUrl}/api/order/getBySubProduct/${surveyId}`, { headers: { ...HEADERS, token } })).json();
  if (after.data?.status !== "SUCCESS") throw new Error(`order ${order.data.orderSn} not paid: ${after.data?.status}`);
  return after.data;
}
