// Browser calls of the payment service (spec 3 §7) and the report file download.
import { OK } from "../lib/api";
import { call, client } from "../lib/api-client";
import { MERCHANT_ID, PAY_CHANNEL, PLATFORM, type OrderView, type ProductView } from "../../workers/contract/payment";

/** Product fetch errors are only logged (spec 3 §8). */
export const getProduct = (productId: number, subProductId: number) =>
  call((o) => client.api.product.getByMerchantAndProduct.$post({ json: { merchantId: MERCHANT_ID, productId, subProductId } }, o), { silent: true });

/** Silent on failure (spec 1 §8: getBySubProduct calls never toast). */
export function getOrder(surveyId: number) {
  // The spec's client adds ?timestamp= (no cached answer); the route does not read it, so it is not in its input type.
  const args = { param: { id: String(surveyId) }, query: { timestamp: String(Date.now()) } };
  return call((o) => client.api.order.getBySubProduct[":id"].$get(args, o), { silent: true });
}

/** The figures the spec's client sends; the server computes its own from the product and coupon. */
export const addOrder = (userId: number, userName: string, product: ProductView, surveyId: number) =>
  call((o) =>
    client.api.pay.pc.order.add.$post(
      { json: { userId, userName, productId: product.productId, subProductId: surveyId, amount: 1, orderAmount: product.price, payAmount: product.price, merchantId: MERCHANT_ID, platform: PLATFORM } },
      o,
    ),
  );

export const payWithAlipay = (order: OrderView, batchId: number | null, totalAmount: number) =>
  call((o) => client.api.pay.pc.pay.$post({ json: { productName: order.productName, orderSn: order.orderSn, payChannel: PAY_CHANNEL, totalAmount, batchId } }, o));

/** The WeChat Native order for the order number (with the coupon chosen, as the Alipay pay call): its code_url. */
export const payWithWechat = (order: OrderView, batchId: number | null) => call((o) => client.api.pay.wechat.native.$post({ json: { orderSn: order.orderSn, batchId } }, o));

export const queryOrder = (orderSn: string) => call((o) => client.api.pay.pc.order.query.$post({ json: { orderSn } }, o), { silent: true });

export function zeroDollarPurchase(userId: number, order: OrderView, batchId: number) {
  // A form post, as the spec's client sends it.
  const form = { userId: String(userId), orderId: String(order.id), couponStatus: "1", batchId: String(batchId), orderSn: order.orderSn };
  return call((o) => client.api.pay.pc.zeroDollarPurchase.$post({ form }, o));
}

export function userCoupons(userId: number, productId: number, price: number) {
  // ?timestamp= as the spec's client sends it (no cached answer); not part of the route's input.
  const args = { query: { userId: String(userId), productId: String(productId), price: String(price), timestamp: String(Date.now()) } };
  return call((o) => client.api.coupon.selectUserCoupons.$get(args, o), { silent: true });
}

/**
 * Spec 3 §4 SUCCESS: fetch the file URL and download the file, named from the evaluation title (or a timestamp)
 * plus the extension. Errors are only logged (spec 3 §8).
 */
export async function downloadReport(surveyId: number, file: "report" | "tracker" = "report"): Promise<boolean> {
  const info = await call((o) => client.api.surveyInfo.queryPdf.$post({ json: { id: surveyId } }, o));
  if (info.code !== OK || !info.data?.fileUrl) return false;
  // The measures tracker (xlsx) sits beside the PDF under the same key.
  const url = file === "tracker" ? info.data.fileUrl.replace(/\.pdf$/, ".xlsx") : info.data.fileUrl;
  try {
    const res = await fetch(url, { credentials: "same-origin" });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const blob = await res.blob();
    const ext = url.slice(url.lastIndexOf(".")) || ".pdf";
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `${info.data.evaluationTitle || Date.now()}${file === "tracker" ? "-节能措施跟踪表" : ""}${ext}`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 60_000);
    return true;
  } catch (e) {
    console.warn("report download failed", e);
    return false;
  }
}
