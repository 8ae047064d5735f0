// The 下载报告 dialog (spec 3 §2 payment dialog, §4 states): 1 info (file, prices, customer-service QR) → 2 pay
// (order number, countdown, the coupon — the best one applied by default, changeable or removable — the breakdown
// 原价 / 优惠 / 实付, and how to pay the rest) → 3 您已成功付款 with the download, or 4 系统未监测到您的支付信息.
// A coupon is never a way to pay: it lowers the amount; a coupon covering everything needs no payment method.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Button, Modal, Radio, Result, Space, Spin, Steps, message } from "antd";
import { AlipayCircleOutlined, CheckCircleFilled, GiftOutlined } from "@ant-design/icons";
import { OK } from "../lib/api";
import { CONTACT_PHONE } from "../lib/site";
import { WECHAT_QR_IMAGE } from "../components/layout/SiteFooter";
import {
  PAY_MSG,
  PAY_POPUP,
  PAY_STEP,
  POPUP_POLL_MS,
  TRADE_RESULT_KEY,
  countdownText,
  couponPriceFen,
  moneyText,
  couponValidityText,
  priceText,
  type OrderView,
  type PayStep,
  type ProductView,
  type UserCouponView,
} from "../../workers/contract/payment";
import { addOrder, downloadReport, getOrder, getProduct, payWithAlipay, queryOrder, userCoupons, zeroDollarPurchase } from "./client";

export interface PaymentTarget {
  surveyId: number;
  /** The card (survey type) = the product. */
  productId: number;
}

interface Props {
  target: PaymentTarget | null;
  initialStep: PayStep;
  initialOrder: OrderView | null;
  user: { userId: number; userName: string };
  onClose: () => void;
}

/** The coupon choice "none" (radio values are strings; coupons are their batch id). */
const NO_COUPON = "none";
type PayMethod = "alipay";
const yuanFen = (yuan: number) => Math.round(yuan * 100);

function fileSizeText(bytes: number) {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export function PaymentDialog({ target, initialStep, initialOrder, user, onClose }: Props) {
  const [step, setStep] = useState<PayStep>(initialStep);
  const [product, setProduct] = useState<ProductView | null>(null);
  const [order, setOrder] = useState<OrderView | null>(initialOrder);
  const [coupons, setCoupons] = useState<UserCouponView[]>([]);
  const [coupon, setCoupon] = useState<string>(NO_COUPON);
  const [method, setMethod] = useState<PayMethod>("alipay");
  const [busy, setBusy] = useState(false);
  const [contact, setContact] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  /** When the order's existedMilliSecond was read, so the countdown runs on the client clock. */
  const orderReadAt = useRef(Date.now());
  const popupTimer = useRef<ReturnType<typeof setInterval>>();

  const takeOrder = useCallback((o: OrderView | null) => {
    orderReadAt.current = Date.now();
    setNow(orderReadAt.current);
    setOrder(o);
    // The server put the best coupon on a new order; the dialog starts from what the order holds.
    setCoupon(o?.batchId ? String(o.batchId) : NO_COUPON);
  }, []);

  const loadCoupons = useCallback(
    async (p: ProductView) => {
      const body = await userCoupons(user.userId, p.productId, p.price);
      setCoupons(body.code === OK && body.data ? body.data : []);
    },
    [user.userId],
  );

  useEffect(() => {
    if (!target) return;
    setStep(initialStep);
    takeOrder(initialOrder);
    setContact(false);
    void getProduct(target.productId, target.surveyId).then((body) => {
      if (body.code === OK && body.data) {
        setProduct(body.data);
        void loadCoupons(body.data);
      }
    });
  }, [target, initialStep, initialOrder, takeOrder, loadCoupons]);

  useEffect(() => () => clearInterval(popupTimer.current), []);

  // The countdown ticks while paying.
  const counting = step === PAY_STEP.PAY && order?.status === "WAIT_PAY";
  useEffect(() => {
    if (!counting) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [counting]);
  const left = order ? countdownText(order.existedMilliSecond + Math.max(0, now - orderReadAt.current)) : null;
  useEffect(() => {
    if (counting && left === null) {
      void message.warning(PAY_MSG.orderTimeout);
      takeOrder(null);
      setStep(PAY_STEP.INFO);
    }
  }, [counting, left, takeOrder]);

  /** Coupons to choose from: the unused batches, plus the one already on the order. */
  const choices = useMemo(() => {
    const list = [...coupons];
    if (order?.batchId && !list.some((c) => c.ID === order.batchId)) list.unshift({ ID: order.batchId, COUPON_NAME: order.couponName ?? "", AMOUNT: order.couponAmount ?? 0, count: 0, expiresAt: order.couponExpiresAt });
    return list;
  }, [coupons, order]);
  const chosen = coupon === NO_COUPON ? null : choices.find((c) => String(c.ID) === coupon) ?? null;
  /** Shown before paying; the server computes the real amount the same way (spec 3 §5) when the pay call arrives. */
  const payable = order ? couponPriceFen(yuanFen(order.orderAmount), chosen ? yuanFen(chosen.AMOUNT) : 0) / 100 : 0;
  const discount = order ? Math.round((order.orderAmount - payable) * 100) / 100 : 0;

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

  const afterPopup = async (sn: string) => {
    const stored = localStorage.getItem(TRADE_RESULT_KEY);
    localStorage.removeItem(TRADE_RESULT_KEY);
    if (stored === "TRADE_SUCCESS") {
      const fresh = await getOrder(target!.surveyId);
      if (fresh.code === OK && fresh.data) takeOrder(fresh.data);
      setStep(PAY_STEP.SUCCESS);
      return;
    }
    // No result from the return page: ask the server, which asks Alipay (the notify may be late or lost).
    const q = await queryOrder(sn);
    if (q.code === OK && q.data?.status === "SUCCESS") {
      takeOrder(q.data);
      setStep(PAY_STEP.SUCCESS);
    } else setStep(PAY_STEP.NOT_DETECTED);
  };

  const payAlipay = async (current: OrderView) => {
    // Opened inside the click so no popup blocker interferes; it shows a waiting page until the form arrives.
    const left = Math.max(0, (window.screen.width - PAY_POPUP.width) / 2);
    const top = Math.max(0, (window.screen.height - PAY_POPUP.height) / 2);
    const popup = window.open("/payment", "alipay-pay", `width=${PAY_POPUP.width},height=${PAY_POPUP.height},left=${left},top=${top}`);
    if (!popup) {
      void message.error("支付窗口被浏览器拦截，请允许弹出窗口后重试");
      return;
    }
    localStorage.removeItem(TRADE_RESULT_KEY);
    const body = await payWithAlipay(current, chosen ? chosen.ID : null, payable);
    if (body.code !== OK || !body.data) {
      popup.close();
      const fresh = await getOrder(current.subProductId);
      if (fresh.code === OK && fresh.data) takeOrder(fresh.data);
      return;
    }
    popup.location.href = `/payment?row=${encodeURIComponent(body.data.form)}`;
    clearInterval(popupTimer.current);
    popupTimer.current = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(popupTimer.current);
      void afterPopup(current.orderSn).finally(() => setBusy(false));
    }, POPUP_POLL_MS);
    setBusy(true);
  };

  const confirmPay = async () => {
    if (!order || !target) return;
    if (left === null) {
      void message.warning(PAY_MSG.orderTimeout);
      takeOrder(null);
      setStep(PAY_STEP.INFO);
      return;
    }
    if (chosen && payable === 0) {
      setBusy(true);
      const body = await zeroDollarPurchase(user.userId, order, chosen.ID);
      setBusy(false);
      if (body.code === OK && body.data) {
        takeOrder(body.data);
        setStep(PAY_STEP.SUCCESS);
      } else if (product) void loadCoupons(product);
      return;
    }
    // Spec 3 §4 Alipay flow: refresh the order; pay only while it waits for payment.
    const fresh = await getOrder(target.surveyId);
    if (fresh.code !== OK || !fresh.data) {
      takeOrder(null);
      setStep(PAY_STEP.INFO);
      return;
    }
    takeOrder(fresh.data);
    if (fresh.data.status === "SUCCESS") setStep(PAY_STEP.SUCCESS);
    else if (fresh.data.status === "WAIT_PAY") await payAlipay(fresh.data);
    else {
      void message.warning(PAY_MSG.orderTimeout);
      setStep(PAY_STEP.INFO);
    }
  };

  const download = async (file: "report" | "tracker" = "report") => {
    if (!target) return;
    setBusy(true);
    await downloadReport(target.surveyId, file);
    setBusy(false);
  };

  const qr = (
    <div className="pay-qr">
      <img src={WECHAT_QR_IMAGE} alt="客服微信二维码" width={112} height={112} />
      <div>
        <div className="pay-qr__title">扫码添加客服</div>
        <div className="pay-qr__note">工程师一对一解读报告，客服电话 {CONTACT_PHONE}</div>
      </div>
    </div>
  );

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
      {step === PAY_STEP.INFO &&
        (product ? (
          <div className="pay-body" data-step="1">
            <dl className="pay-info">
              <dt>文件名称</dt>
              <dd data-testid="pay-file-name">{product.fileInfo?.fileName ?? "—"}</dd>
              <dt>文件大小</dt>
              <dd>{product.fileInfo ? fileSizeText(product.fileInfo.fileSize) : "—"}</dd>
              <dt>限时价</dt>
              <dd className="pay-price">¥{priceText(product.price)}</dd>
              <dt>原价</dt>
              <dd>
                <s>¥{priceText(product.originPrice)}</s> <span className="pay-note">（含报告解读费）</span>
              </dd>
            </dl>
            {coupons.length > 0 && (
              <div className="pay-coupons" data-testid="pay-coupons">
                <div className="pay-coupons__title">
                  <GiftOutlined /> 您有{coupons.reduce((n, c) => n + c.count, 0)}张优惠券可用，下一步可选用
                </div>
                {coupons.map((c) => (
                  <div key={c.ID} className="pay-coupons__item">
                    {c.COUPON_NAME}（抵扣¥{priceText(c.AMOUNT)}，{couponValidityText(c.expiresAt)}）
                  </div>
                ))}
              </div>
            )}
            {qr}
            <Button type="primary" block size="large" loading={busy} onClick={confirmInfo}>
              确认支付
            </Button>
          </div>
        ) : (
          <Spin />
        ))}
      {step === PAY_STEP.PAY && order && (
        <div className="pay-body" data-step="2">
          <dl className="pay-info">
            <dt>订单编号</dt>
            <dd data-testid="pay-order-sn">{order.orderSn}</dd>
            <dt>等待付款</dt>
            <dd className="pay-countdown">
              <span role="timer">{left ?? "0分00秒"}</span>
            </dd>
          </dl>
          {choices.length > 0 && (
            <div className="pay-choice">
              <div className="pay-methods-title" id="pay-coupon-title">
                <GiftOutlined /> 优惠券
              </div>
              <Radio.Group value={coupon} onChange={(e) => setCoupon(e.target.value as string)} className="pay-methods" aria-labelledby="pay-coupon-title">
                <Space direction="vertical">
                  {choices.map((c) => (
                    <Radio key={c.ID} value={String(c.ID)}>
                      {c.COUPON_NAME}（抵扣¥{priceText(c.AMOUNT)}）
                      {c.count > 0 ? <span className="pay-note">剩余{c.count}张</span> : <span className="pay-note">已选用</span>}
                      {c.expiresAt ? <span className="pay-note">{couponValidityText(c.expiresAt)}</span> : null}
                    </Radio>
                  ))}
                  <Radio value={NO_COUPON}>不使用优惠券</Radio>
                </Space>
              </Radio.Group>
            </div>
          )}
          <dl className="pay-info pay-sum" data-testid="pay-summary">
            <dt>原价</dt>
            <dd>¥{moneyText(order.orderAmount)}</dd>
            {discount > 0 && (
              <>
                <dt>优惠</dt>
                <dd className="pay-discount">−¥{moneyText(discount)}</dd>
              </>
            )}
            <dt>实付</dt>
            <dd className="pay-price" data-testid="pay-amount">
              ¥{moneyText(payable)}
            </dd>
          </dl>
          {payable > 0 ? (
            <div className="pay-choice">
              <div className="pay-methods-title" id="pay-method-title">
                支付方式
              </div>
              <Radio.Group value={method} onChange={(e) => setMethod(e.target.value as PayMethod)} className="pay-methods" aria-labelledby="pay-method-title">
                <Space direction="vertical">
                  <Radio value="alipay">
                    <AlipayCircleOutlined style={{ color: "#1677ff" }} /> 支付宝
                  </Radio>
                </Space>
              </Radio.Group>
            </div>
          ) : (
            <div className="pay-covered" data-testid="pay-covered">
              优惠券已抵扣全部金额，无需另行支付
            </div>
          )}
          <Button type="primary" block size="large" loading={busy} onClick={confirmPay}>
            确认支付
          </Button>
        </div>
      )}
      {step === PAY_STEP.SUCCESS && order && (
        <Result
          icon={<CheckCircleFilled style={{ color: "#52c41a" }} />}
          title={PAY_MSG.paid}
          subTitle={
            <>
              支付金额 ¥{priceText(order.payAmount)}，订单编号 {order.orderSn}
            </>
          }
          extra={
            <Space direction="vertical">
              <Button type="primary" size="large" loading={busy} onClick={() => void download()}>
                下载报告
              </Button>
              <Button type="link" disabled={busy} onClick={() => void download("tracker")}>
                下载节能措施跟踪表（Excel）
              </Button>
            </Space>
          }
        />
      )}
      {step === PAY_STEP.NOT_DETECTED && (
        <Result
          status="warning"
          title={PAY_MSG.notDetected}
          subTitle="如已付款，请稍后刷新或联系客服处理"
          extra={
            <Space>
              <Button type="link" onClick={() => setStep(PAY_STEP.PAY)}>
                重新支付
              </Button>
              <Button type="link" onClick={() => setContact(true)}>
                联系客服
              </Button>
            </Space>
          }
        >
          {contact && qr}
        </Result>
      )}
    </Modal>
  );
}

/** Spec 3 §4: the dialog opens at step 1, or step 2 for a WAIT_PAY order; a SUCCESS order downloads at once. */
export async function decideOnClick(surveyId: number): Promise<{ action: "download" } | { action: "dialog"; step: PayStep; order: OrderView | null }> {
  const body = await getOrder(surveyId);
  const o = body.code === OK ? body.data : null;
  if (o?.status === "SUCCESS") return { action: "download" };
  if (o?.status === "WAIT_PAY") return { action: "dialog", step: PAY_STEP.PAY, order: o };
  return { action: "dialog", step: PAY_STEP.INFO, order: null };
}

