// 支付宝 from the dialog (spec 3 §4 Alipay flow): the page.pay form opens in a popup; when the popup closes, the
// return page's result in localStorage decides, else the server is asked (it queries Alipay: a late or lost notify).
import { message } from "antd";
import { OK } from "../lib/api";
import { PAY_POPUP, POPUP_POLL_MS, TRADE_RESULT_KEY, type OrderView } from "../../workers/contract/payment";
import { getOrder, payWithAlipay, queryOrder } from "./client";

export type PopupOutcome = { paid: true; order: OrderView | null } | { paid: false; order: OrderView | null; failed?: boolean };

/**
 * Must be called inside the click (so no popup blocker interferes). Resolves when the popup closes, or at once
 * when the pay call failed (then with the fresh order). `onOpen` tells the caller the popup is waiting.
 */
export async function payInPopup(order: OrderView, batchId: number | null, payable: number, onOpen: (stop: () => void) => void): Promise<PopupOutcome> {
  const left = Math.max(0, (window.screen.width - PAY_POPUP.width) / 2);
  const top = Math.max(0, (window.screen.height - PAY_POPUP.height) / 2);
  const popup = window.open("/payment", "alipay-pay", `width=${PAY_POPUP.width},height=${PAY_POPUP.height},left=${left},top=${top}`);
  if (!popup) {
    void message.error("支付窗口被浏览器拦截，请允许弹出窗口后重试");
    return { paid: false, order: null, failed: true };
  }
  localStorage.removeItem(TRADE_RESULT_KEY);
  const body = await payWithAlipay(order, batchId, payable);
  if (body.code !== OK || !body.data) {
    popup.close();
    const fresh = await getOrder(order.subProductId);
    return { paid: false, order: fresh.code === OK ? fresh.data : null, failed: true };
  }
  popup.location.href = `/payment?row=${encodeURIComponent(body.data.form)}`;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(timer);
      resolve();
    }, POPUP_POLL_MS);
    onOpen(() => clearInterval(timer));
  });
  const stored = localStorage.getItem(TRADE_RESULT_KEY);
  localStorage.removeItem(TRADE_RESULT_KEY);
  if (stored === "TRADE_SUCCESS") {
    const fresh = await getOrder(order.subProductId);
    return { paid: true, order: fresh.code === OK ? fresh.data : null };
  }
  const q = await queryOrder(order.orderSn);
  return q.code === OK && q.data?.status === "SUCCESS" ? { paid: true, order: q.data } : { paid: false, order: null };
}
