// Browser calls of the payment service (spec 3 §7) and the report file download.
import { apiFetch, OK } from "../lib/api";
import { MERCHANT_ID, PAY_CHANNEL, PLATFORM, type OrderView, type PayStart, type ProductView, type UserCouponView, type WechatNativeStart } from "../../workers/contract/payment";
import type { PdfInfo } from "../../workers/contract/workbench";

/** Product fetch errors are only logged (spec 3 §8). */
export const getProduct = (productId: number, subProductId: number) =>
  apiFetch<ProductView>("/api/product/getByMerchantAndProduct", { body: { merchantId: MERCHANT_ID, productId, subProductId }, silent: true });

/** Silent on failure (spec 1 §8: getBySubProduct calls never toast). */
export const getOrder = (surveyId: number) => apiFetch<OrderView | null>(`/api/order/getBySubProduct/${surveyId}?timestamp=${Date.now()}`, { silent: true });

/** The figures the spec's client sends; the server computes its own from the product and coupon. */
export const addOrder = (userId: number, userName: string, product: ProductView, surveyId: number) =>
  apiFetch<OrderView>("/api/pay/pc/order/add", {
    body: { userId, userName, productId: product.productId, subProductId: surveyId, amount: 1, orderAmount: product.price, payAmount: product.price, merchantId: MERCHANT_ID, platform: PLATFORM },
  });

export const payWithAlipay = (order: OrderView, batchId: number | null, totalAmount: number) =>
  apiFetch<PayStart>("/api/pay/pc/pay", { body: { productName: order.productName, orderSn: order.orderSn, payChannel: PAY_CHANNEL, totalAmount, batchId } });

/** The WeChat Native order for the order number (with the coupon chosen, as the Alipay pay call): its code_url. */
export const payWithWechat = (order: OrderView, batchId: number | null) => apiFetch<WechatNativeStart>("/api/pay/wechat/native", { body: { orderSn: order.orderSn, batchId } });

export const queryOrder = (orderSn: string) => apiFetch<OrderView>("/api/pay/pc/order/query", { body: { orderSn }, silent: true });

export function zeroDollarPurchase(userId: number, order: OrderView, batchId: number) {
  const form = new FormData();
  form.set("userId", String(userId));
  form.set("orderId", String(order.id));
  form.set("couponStatus", "1");
  form.set("batchId", String(batchId));
  form.set("orderSn", order.orderSn);
  return apiFetch<OrderView>("/api/pay/pc/zeroDollarPurchase", { body: form });
}

export const userCoupons = (userId: number, productId: number, price: number) =>
  apiFetch<UserCouponView[]>(`/api/coupon/selectUserCoupons?userId=${userId}&productId=${productId}&price=${price}&timestamp=${Date.now()}`, { silent: true });

/**
 * Spec 3 §4 SUCCESS: fetch the file URL and download the file, named from the evaluation title (or a timestamp)
 * plus the extension. Errors are only logged (spec 3 §8).
 */
export async function downloadReport(surveyId: number, file: "report" | "tracker" = "report"): Promise<boolean> {
  const info = await apiFetch<PdfInfo>("/api/surveyInfo/queryPdf", { body: { id: surveyId } });
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
