// Portal home (spec 1 §2): desktop banner carousel and product blocks; a mobile layout chosen by user agent.
import type { MetaFunction } from "react-router";
import { Button } from "antd";
import { Banner } from "../components/Banner";
import { PhoneOutlined, MailOutlined, EnvironmentOutlined } from "@ant-design/icons";
import { PageShell } from "../components/layout/PageShell";
import { useRootData } from "../lib/use-root-data";
import { homeSlides, productBlocks } from "../portal/home-content";
import { canonical } from "../lib/seo";
import { SITE_NAME, CONTACT_PHONE, CONTACT_EMAIL, COMPANY_ADDRESS } from "../lib/site";

export const meta: MetaFunction = ({ matches }) => [
  { title: SITE_NAME },
  { name: "description", content: "绿能评估：企业在线节能评估（电机驱动系统、定型机余热回收、电费优化）、能源问答社区与双碳文库，5 秒生成节能评估报告。" },
  canonical(matches, "/homePage"),
];

function ProductBlocks({ bookLibraryUrl }: { bookLibraryUrl: string }) {
  return (
    <div className="product-grid">
      {productBlocks.map((b) => {
        const href = b.external ? bookLibraryUrl : b.href;
        return (
          <article key={b.key} className={`product product--${b.key}`}>
            <h2>{b.title}</h2>
            <p>{b.text}</p>
            <ul>
              {b.points.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
            <Button type="primary" href={href} target={b.external ? "_blank" : undefined} rel={b.external ? "noopener noreferrer" : undefined}>
              {b.action}
            </Button>
          </article>
        );
      })}
    </div>
  );
}

function ContactBlock() {
  return (
    <section className="contact-block" aria-labelledby="contact-title">
      <h2 id="contact-title">联系我们</h2>
      <ul>
        <li>
          <PhoneOutlined /> <a href={`tel:${CONTACT_PHONE.replace(/-/g, "")}`}>{CONTACT_PHONE}</a>
        </li>
        <li>
          <MailOutlined /> <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
        </li>
        <li>
          <EnvironmentOutlined /> {COMPANY_ADDRESS}
        </li>
      </ul>
    </section>
  );
}

export default function HomePage() {
  const { isMobile, bookLibraryUrl } = useRootData();
  if (isMobile) {
    return (
      <PageShell>
        <section className="mobile-hero">
          <h1>节能评估 · 能源问答</h1>
          <p>依据国家标准在线测算节能潜力，5 秒生成评估报告；专业能源问答社区，工程师在线解惑。</p>
          <Button type="primary" size="large" block href="/login">
            开始节能评估
          </Button>
        </section>
        <div className="container">
          <ProductBlocks bookLibraryUrl={bookLibraryUrl} />
          <ContactBlock />
        </div>
      </PageShell>
    );
  }
  return (
    <PageShell>
      <h1 className="visually-hidden">{SITE_NAME}</h1>
      <Banner
        label="平台介绍"
        slides={homeSlides.map((s) => ({
          key: s.key,
          content: (
            <div className={`home-slide home-slide--${s.tone}`}>
              <div className="container">
                <p className="home-slide__title">{s.title}</p>
                <p className="home-slide__text">{s.text}</p>
                <Button size="large" href={s.cta.href} className="home-slide__cta">
                  {s.cta.label}
                </Button>
              </div>
            </div>
          ),
        }))}
      />
      <section className="section" aria-labelledby="products-title">
        <div className="container">
          <h2 id="products-title" className="section__title">三大产品，服务企业节能降碳</h2>
          <ProductBlocks bookLibraryUrl={bookLibraryUrl} />
        </div>
      </section>
    </PageShell>
  );
}
