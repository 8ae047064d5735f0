// About us (spec 1 §2, spec 3 §1): who we are, what we measure, the seven-step service flow, contact.
import type { MetaFunction } from "react-router";
import { Button } from "antd";
import { PageShell } from "../components/layout/PageShell";
import { COMPANY_ADDRESS, COMPANY_NAME, CONTACT_EMAIL, CONTACT_PHONE, SITE_NAME } from "../lib/site";
import { canonical } from "../lib/seo";
import { AdvantageGrid } from "../portal/components/AdvantageGrid";

export const meta: MetaFunction = ({ matches }) => [
  { title: `关于我们 - ${SITE_NAME}` },
  { name: "description", content: `${COMPANY_NAME}：为工业企业提供在线节能评估、能源问答与节能改造服务。` },
  canonical(matches, "/about"),
];

const SEVEN_STEPS = [
  ["在线评估", "选择评估卡片，填写或导入企业用能数据。"],
  ["生成报告", "系统依据国家标准计算，5 秒生成评估报告。"],
  ["工程师解读", "节能工程师解读报告，明确重点措施。"],
  ["现场诊断", "工程师上门测试，核实设备与负荷数据。"],
  ["方案设计", "出具技术方案、投资估算与收益测算。"],
  ["改造实施", "可选合同能源管理模式，零投入实施改造。"],
  ["效果核验", "按计量数据核验节能量，持续跟踪优化。"],
];

export default function About() {
  return (
    <PageShell>
      <section className="hero hero--detail">
        <div className="container">
          <p className="hero__eyebrow">关于我们</p>
          <h1>让每一度电、每一方气都用在刀刃上</h1>
          <p className="hero__lead">
            {COMPANY_NAME}由长期从事工业节能诊断的工程师团队创立。我们把能源审计中反复使用的计算方法与国家标准做成在线工具，让企业在 5 秒内看到节能潜力，并由工程师陪伴把潜力变成真金白银。
          </p>
        </div>
      </section>
      <section className="section" aria-labelledby="about-adv">
        <div className="container">
          <h2 id="about-adv" className="section__title">为什么选择我们</h2>
          <AdvantageGrid />
        </div>
      </section>
      <section className="section section--tinted" aria-labelledby="about-flow">
        <div className="container">
          <h2 id="about-flow" className="section__title">服务流程</h2>
          <ol className="timeline timeline--seven">
            {SEVEN_STEPS.map(([title, text], i) => (
              <li key={title}>
                <span className="timeline__dot">{i + 1}</span>
                <h3>{title}</h3>
                <p>{text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <section className="section" aria-labelledby="about-contact">
        <div className="container contact-block contact-block--wide">
          <h2 id="about-contact">联系我们</h2>
          <ul>
            <li>服务热线：{CONTACT_PHONE}</li>
            <li>电子邮箱：{CONTACT_EMAIL}</li>
            <li>公司地址：{COMPANY_ADDRESS}</li>
          </ul>
          <Button type="primary" size="large" href="/login">
            开始节能评估
          </Button>
        </div>
      </section>
    </PageShell>
  );
}
