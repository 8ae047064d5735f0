// Payment services (spec 3 §3–§5, §7): products, orders, coupons, Alipay, WeChat Pay, the zero-amount coupon purchase.
export type { PayCtx } from "./context";
export { originForJobs } from "./context";
export { productView, createOrder, orderOfSurvey, ownOrder, closeExpiredOrders } from "./orders";
export { listUserCoupons, couponCount } from "./coupons";
export { startAlipay, handleNotify, syncOrder, tradeResult } from "./alipay";
export { startWechat, handleWechatNotify, handleWechatRefundNotify } from "./wechat";
export { zeroDollarPurchase } from "./zero";
export { queryPayingOrders } from "./paying";
export { applyPayment } from "./settle";
export { hasPaidReport } from "./gating";
export { refundOrder, refundableFen, refundedFen } from "./refund";
