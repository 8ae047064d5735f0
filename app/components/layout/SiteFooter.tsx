// Footer on public pages (spec 1 §1): about text, contact, QR code, copyright and ICP filing line.
import { QRCode } from "antd";
import { COMPANY_ADDRESS, CONTACT_EMAIL, CONTACT_PHONE, COPYRIGHT_LINE, ICP_LINE } from "../../lib/site";
import { Logo } from "../brand/Logo";
import { LegalLink } from "./LegalLinks";

export const WECHAT_QR_VALUE = "https://mp.weixin.qq.com/lvneng-energy";

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__about" aria-labelledby="footer-about">
          <Logo light />
          <h2 id="footer-about" className="visually-hidden">
            关于我们
          </h2>
          <p>
            绿能评估由节能服务工程师与软件团队共同打造，依据国家能效标准与工程方法，为钢铁、纺织、印染、化工、造纸、电力等行业企业提供在线节能评估与能源问答服务，已服务超过
            1000 家用能单位。
          </p>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">联系我们</h2>
          <ul className="site-footer__list">
            <li>
              服务热线：<a href={`tel:${CONTACT_PHONE.replace(/-/g, "")}`}>{CONTACT_PHONE}</a>
            </li>
            <li>
              电子邮箱：<a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
            </li>
            <li>公司地址：{COMPANY_ADDRESS}</li>
            <li>工作时间：周一至周五 9:00-18:00</li>
          </ul>
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links">了解更多</h2>
          <ul className="site-footer__list">
            <li>
              <a href="/about">关于我们</a>
            </li>
            <li>
              <a href="/costDetail">电费优化</a>
            </li>
            <li>
              <a href="/energySavingQA">能源问答</a>
            </li>
            <li>
              <LegalLink which="agreement" />
              <LegalLink which="privacy" />
            </li>
          </ul>
        </section>
        <section className="site-footer__qr" aria-labelledby="footer-qr">
          <h2 id="footer-qr">关注公众号</h2>
          <QRCode value={WECHAT_QR_VALUE} type="svg" size={112} bordered={false} bgColor="#ffffff" />
          <p>扫码获取节能资讯</p>
        </section>
      </div>
      <div className="site-footer__bottom">
        <div className="container">
          <span>{COPYRIGHT_LINE}</span>
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
            {ICP_LINE}
          </a>
        </div>
      </div>
    </footer>
  );
}
