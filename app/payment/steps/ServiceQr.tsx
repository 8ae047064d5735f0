// The customer-service QR block shown at step 1 and under 联系客服.
import { CONTACT_PHONE } from "../../lib/site";
import { WECHAT_QR_IMAGE } from "../../components/layout/SiteFooter";

export function ServiceQr() {
  return (
    <div className="pay-qr">
      <img src={WECHAT_QR_IMAGE} alt="客服微信二维码" width={112} height={112} />
      <div>
        <div className="pay-qr__title">扫码添加客服</div>
        <div className="pay-qr__note">工程师一对一解读报告，客服电话 {CONTACT_PHONE}</div>
      </div>
    </div>
  );
}
