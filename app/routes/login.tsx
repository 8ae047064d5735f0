// Landing page of the assessment tool (spec 1 §2): header, 630 px banner, cards from D1, advantages, footer.
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { Button } from "antd";
import { PageShell } from "../components/layout/PageShell";
import { CardGrid } from "../portal/components/CardGrid";
import { industries } from "../portal/landing-content";
import { AdvantageGrid } from "../portal/components/AdvantageGrid";
import { useRootData } from "../lib/use-root-data";
import { canonical } from "../lib/seo";
import { SITE_NAME } from "../lib/site";
import { listCards } from "../../workers/services/portal/cards";
import { getDb } from "../../workers/lib/db";

export const meta: MetaFunction = ({ matches }) => [
  { title: `节能评估 - ${SITE_NAME}` },
  { name: "description", content: "专家打造的企业在线节能评估：电机驱动系统、定型机余热回收、电费优化，5 秒生成报告，测算准确率可达 95%。" },
  canonical(matches, "/login"),
];

export async function loader({ context }: LoaderFunctionArgs) {
  return { cards: await listCards({ db: getDb(context.cloudflare.env.DB) }) };
}

export default function LoginLanding() {
  const { cards } = useLoaderData<typeof loader>();
  const { viewer } = useRootData();
  return (
    <PageShell>
      <section className="hero hero--landing">
        <div className="container">
          <p className="hero__eyebrow">专家打造 · 国家标准 · 工程方法</p>
          <h1>企业节能评估，5 秒生成报告</h1>
          <p className="hero__lead">
            填写或导入用能数据，即可获得节能量、节约金额、投资与回收期。面向{industries.join("、")}等行业，电费优化空间 20%-40%，电机系统优化潜力 10%-15%。
          </p>
          <div className="hero__actions">
            <Button type="primary" size="large" href="#cards">
              选择评估类型
            </Button>
            <Button size="large" ghost href="/about">
              了解我们
            </Button>
          </div>
          <dl className="hero__stats">
            <div>
              <dt>服务用能单位</dt>
              <dd>1000+</dd>
            </div>
            <div>
              <dt>累计经济效益</dt>
              <dd>100 亿+</dd>
            </div>
            <div>
              <dt>测算准确率</dt>
              <dd>95%</dd>
            </div>
            <div>
              <dt>报告生成</dt>
              <dd>5 秒</dd>
            </div>
          </dl>
        </div>
      </section>
      <section id="cards" className="section" aria-labelledby="cards-title">
        <div className="container">
          <h2 id="cards-title" className="section__title">选择评估类型</h2>
          <CardGrid initialCards={cards} loggedIn={Boolean(viewer)} />
        </div>
      </section>
      <section className="section section--tinted" aria-labelledby="adv-title">
        <div className="container">
          <h2 id="adv-title" className="section__title">我们的优势</h2>
          <AdvantageGrid />
        </div>
      </section>
    </PageShell>
  );
}
