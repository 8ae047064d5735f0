// The 下载报告 dialog (spec 3 §2 payment dialog, §4 states): 1 info (file, prices, customer-service QR) → 2 pay
// (order number, countdown, the coupon — the best one applied by default, changeable or removable — the breakdown
// 原价 / 优惠 / 实付, and 支付宝 or 微信支付 for the rest) → 3 您已成功付款 with the download, or 4 系统未监测到您的支付信息.
// A coupon is never a way to pay: it lowers the amount; a coupon covering everything needs no payment method.
// This file holds the flow; the order's clock and coupon choice are in use-payment-order.ts; each step renders from steps/.
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from "react";
import { Modal, Steps, message } from "antd";
import { OK } from "../lib/api";
import { PAY_MSG, PAY_STEP, type OrderView, type PayStep as PayStepNo, type ProductView, type WechatNativeStart } from "../../workers/contract/payment";
import { addOrder, downloadReport, getOrder, getProduct, payWithWechat, zeroDollarPurchase } from "./client";
import { useCouponChoice, useOrderClock } from "./use-payment-order";
import { payInPopup } from "./alipay-popup";
import { InfoStep } from "./steps/InfoStep";
import { PayStep, type PayMethod } from "./steps/PayStep";
import { NotDetectedStep, SuccessStep } from "./steps/ResultSteps";

// The QR panel (and its QR encoder) loads only when a buyer chooses 微信支付: it stays out of /workbench's first load.
const WechatQrPanel = lazy(() => import("./steps/WechatQrPanel").then((m) => ({ default: m.WechatQrPanel })));

export interface PaymentTarget {
  surveyId: number;
  /** The card (survey type) = the product. */
  productId: number;
}

interface Props {
  target: PaymentTarget | null;
  initialStep: PayStepNo;
  initialOrder: OrderView | null;
  user: { userId: number; userName: string };
  onClose: () => void;
}

export function PaymentDialog({ target, initialStep, initialOrder, user, onClose }: Props) {
  const [step, setStep] = useState<PayStepNo>(initialStep);
  const [product, setProduct] = useState<ProductView | null>(null);
  const [method, setMethod] = useState<PayMethod>("alipay");
  const [wechat, setWechat] = useState<WechatNativeStart | null>(null);
  const [busy, setBusy] = useState(false);
  const stopPopupWatch = useRef<() => void>(() => undefined);
  const { order, takeOrder, coupon, setCoupon, left, counting } = useOrderClock(initialOrder, step === PAY_STEP.PAY);
  const { coupons, loadCoupons, choices, chosen, payable, discount } = useCouponChoice(user.userId, order, coupon);

  useEffect(() => {
    if (!target) return;
    setStep(initialStep);
    takeOrder(initialOrder);
    setWechat(null);
    void getProduct(target.productId, target.surveyId).then((body) => {
      if (body.code === OK && body.data) {
        setProduct(body.data);
        void loadCoupons(body.data);
      }
    });
  }, [target, initialStep, initialOrder, takeOrder, loadCoupons]);

  useEffect(() => () => stopPopupWatch.current(), []);

  const restart = useCallback(() => {
    void message.warning(PAY_MSG.orderTimeout);
    takeOrder(null);
    setWechat(null);
    setStep(PAY_STEP.INFO);
  }, [takeOrder]);
  useEffect(() => {
    if (counting && left === null) restart();
  }, [counting, left, restart]);

  const paidWith = (o: OrderView | null) => {
    if (o) takeOrder(o);
    setWechat(null);
    setStep(PAY_STEP.SUCCESS);
  };

  const confirmInfo = async () => {
    if (!target || !product) return;
    setBusy(true);
    const body = await addOrder(user.userId, user.userName, product, target.surveyId);
    setBusy(false);
    if (body.code === OK && body.data) {
      takeOrder(body.data);
      setStep(body.data.status === "SUCCESS" ? PAY_STEP.SUCCESS : PAY_STEP.PAY);
      // The new order may hold a coupon now (the best one, by default): what is left unused is listed afresh.
      void loadCoupons(product);
    } else setStep(PAY_STEP.INFO);
  };

  const payAlipay = async (current: OrderView) => {
    const outcome = await payInPopup(current, chosen ? chosen.ID : null, payable, (stop) => {
      stopPopupWatch.current = stop;
      setBusy(true);
    });
    setBusy(false);
    if (outcome.paid) paidWith(outcome.order);
    else if (outcome.failed) {
      if (outcome.order) takeOrder(outcome.order);
    } else setStep(PAY_STEP.NOT_DETECTED);
  };

  const payWechat = async (current: OrderView) => {
    setBusy(true);
    const body = await payWithWechat(current, chosen ? chosen.ID : null);
    // The server applied the chosen coupon (or refused): the order it now holds is what the dialog shows.
    const fresh = await getOrder(current.subProductId);
    if (fresh.code === OK && fresh.data) takeOrder(fresh.data);
    setBusy(false);
    if (body.code === OK && body.data) setWechat(body.data);
  };

  const confirmPay = async () => {
    if (!order || !target) return;
    if (left === null) return restart();
    if (chosen && payable === 0) {
      setBusy(true);
      const body = await zeroDollarPurchase(user.userId, order, chosen.ID);
      setBusy(false);
      if (body.code === OK && body.data) paidWith(body.data);
      else if (product) void loadCoupons(product);
      return;
    }
    // Spec 3 §4: refresh the order; pay only while it waits for payment.
    const fresh = await getOrder(target.surveyId);
    if (fresh.code !== OK || !fresh.data) {
      takeOrder(null);
      setStep(PAY_STEP.INFO);
      return;
    }
    takeOrder(fresh.data);
    if (fresh.data.status === "SUCCESS") setStep(PAY_STEP.SUCCESS);
    else if (fresh.data.status !== "WAIT_PAY") restart();
    else if (method === "wechat") await payWechat(fresh.data);
    else await payAlipay(fresh.data);
  };

  const download = async (file: "report" | "tracker") => {
    if (!target) return;
    setBusy(true);
    await downloadReport(target.surveyId, file);
    setBusy(false);
  };

  // Success marks all three steps done; "not detected" marks the last one failed.
  const stepIndex = step === PAY_STEP.INFO ? 0 : step === PAY_STEP.PAY ? 1 : step === PAY_STEP.SUCCESS ? 3 : 2;
  return (
    <Modal title="下载报告" open={!!target} onCancel={onClose} footer={null} width={560} destroyOnHidden maskClosable={false} className="pay-dialog">
      <Steps
        size="small"
        current={stepIndex}
        status={step === PAY_STEP.NOT_DETECTED ? "error" : "process"}
        items={[{ title: "确认订单" }, { title: "支付" }, { title: step === PAY_STEP.NOT_DETECTED ? "未完成" : "完成" }]}
        className="pay-steps"
      />
      {step === PAY_STEP.INFO && <InfoStep product={product} coupons={coupons} busy={busy} onConfirm={() => void confirmInfo()} />}
      {step === PAY_STEP.PAY && order && (
        <PayStep
          order={order}
          left={left}
          choices={choices}
          coupon={coupon}
          onCoupon={setCoupon}
          couponLocked={wechat !== null}
          payable={payable}
          discount={discount}
          method={method}
          onMethod={setMethod}
          busy={busy}
          onConfirm={() => void confirmPay()}
          wechatPanel={wechat && target ? <Suspense fallback={null}><WechatQrPanel surveyId={target.surveyId} start={wechat} left={left} onPaid={paidWith} onNotDetected={() => setStep(PAY_STEP.NOT_DETECTED)} /></Suspense> : null}
        />
      )}
      {step === PAY_STEP.SUCCESS && order && <SuccessStep order={order} busy={busy} onDownload={(f) => void download(f)} />}
      {step === PAY_STEP.NOT_DETECTED && <NotDetectedStep onRetry={() => setStep(PAY_STEP.PAY)} />}
    </Modal>
  );
}

/** Spec 3 §4: the dialog opens at step 1, or step 2 for a WAIT_PAY order; a SUCCESS order downloads at once. */
export async function decideOnClick(surveyId: number): Promise<{ action: "download" } | { action: "dialog"; step: PayStepNo; order: OrderView | null }> {
  const body = await getOrder(surveyId);
  const o = body.code === OK ? body.data : null;
  if (o?.status === "SUCCESS") return { action: "download" };
  if (o?.status === "WAIT_PAY") return { action: "dialog", step: PAY_STEP.PAY, order: o };
  return { action: "dialog", step: PAY_STEP.INFO, order: null };
}
