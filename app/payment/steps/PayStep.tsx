// Step 2 支付: order number and countdown, the coupon (the best one applied by default, changeable or removable),
// 原价 / 优惠 / 实付, and how to pay the rest (支付宝 or 微信支付). A coupon covering everything needs no method.
// Once a WeChat Native order exists its QR code replaces the method choice (WechatQrPanel).
import type { ReactNode } from "react";
import { Button, Radio, Space } from "antd";
import { AlipayCircleOutlined, GiftOutlined, WechatOutlined } from "@ant-design/icons";
import { couponValidityText, moneyText, priceText, type OrderView, type UserCouponView } from "../../../workers/contract/payment";

/** The coupon choice "none" (radio values are strings; coupons are their batch id). */
export const NO_COUPON = "none";
export type PayMethod = "alipay" | "wechat";

interface Props {
  order: OrderView;
  left: string | null;
  choices: UserCouponView[];
  coupon: string;
  onCoupon: (value: string) => void;
  /** The coupon can no longer change (a WeChat QR code holds the amount). */
  couponLocked: boolean;
  payable: number;
  discount: number;
  method: PayMethod;
  onMethod: (m: PayMethod) => void;
  busy: boolean;
  onConfirm: () => void;
  /** The WeChat QR panel, when a Native order was made; replaces the method choice and the button. */
  wechatPanel: ReactNode;
}

export function PayStep(p: Props) {
  return (
    <div className="pay-body" data-step="2">
      <dl className="pay-info">
        <dt>订单编号</dt>
        <dd data-testid="pay-order-sn">{p.order.orderSn}</dd>
        <dt>等待付款</dt>
        <dd className="pay-countdown">
          <span role="timer">{p.left ?? "0分00秒"}</span>
        </dd>
      </dl>
      {p.choices.length > 0 && (
        <div className="pay-choice">
          <div className="pay-methods-title" id="pay-coupon-title">
            <GiftOutlined /> 优惠券
          </div>
          <Radio.Group value={p.coupon} onChange={(e) => p.onCoupon(e.target.value as string)} className="pay-methods" aria-labelledby="pay-coupon-title" disabled={p.couponLocked}>
            <Space direction="vertical">
              {p.choices.map((c) => (
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
        <dd>¥{moneyText(p.order.orderAmount)}</dd>
        {p.discount > 0 && (
          <>
            <dt>优惠</dt>
            <dd className="pay-discount">−¥{moneyText(p.discount)}</dd>
          </>
        )}
        <dt>实付</dt>
        <dd className="pay-price" data-testid="pay-amount">
          ¥{moneyText(p.payable)}
        </dd>
      </dl>
      {p.wechatPanel ?? (
        <>
          {p.payable > 0 ? (
            <div className="pay-choice">
              <div className="pay-methods-title" id="pay-method-title">
                支付方式
              </div>
              <Radio.Group value={p.method} onChange={(e) => p.onMethod(e.target.value as PayMethod)} className="pay-methods pay-methods--row" aria-labelledby="pay-method-title">
                <Space>
                  <Radio value="alipay">
                    <AlipayCircleOutlined style={{ color: "#1677ff" }} /> 支付宝
                  </Radio>
                  <Radio value="wechat">
                    <WechatOutlined style={{ color: "#07c160" }} /> 微信支付
                  </Radio>
                </Space>
              </Radio.Group>
            </div>
          ) : (
            <div className="pay-covered" data-testid="pay-covered">
              优惠券已抵扣全部金额，无需另行支付
            </div>
          )}
          <Button type="primary" block size="large" loading={p.busy} onClick={p.onConfirm}>
            确认支付
          </Button>
        </>
      )}
    </div>
  );
}
