// Step 1 确认订单: the report file, 限时价 / 原价, the coupons the user may apply at step 2, customer service.
import { Button, Spin } from "antd";
import { GiftOutlined } from "@ant-design/icons";
import { couponValidityText, priceText, type ProductView, type UserCouponView } from "../../../workers/contract/payment";
import { ServiceQr } from "./ServiceQr";

function fileSizeText(bytes: number) {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export function InfoStep({ product, coupons, busy, onConfirm }: { product: ProductView | null; coupons: UserCouponView[]; busy: boolean; onConfirm: () => void }) {
  if (!product) return <Spin />;
  return (
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
      <ServiceQr />
      <Button type="primary" block size="large" loading={busy} onClick={onConfirm}>
        确认支付
      </Button>
    </div>
  );
}
