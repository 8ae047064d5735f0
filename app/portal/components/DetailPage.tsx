// A card's detail landing page (spec 3 §1): banner, service intro, report value cards, six-step timeline, case, CTA.
import { Button } from "antd";
import type { CardDetail } from "../../../workers/cards/kit/detail";
import { loginHref } from "../../lib/platform-menu";
import { openLogin } from "../../lib/login-gate";

export function DetailPage({ content, cardId, loggedIn }: { content: CardDetail; cardId: number | null; loggedIn: boolean }) {
  const workbench = cardId ? `/workbench?type=${cardId}` : "/login";
  const start = loggedIn ? workbench : loginHref(workbench);
  const onStart = (e: React.MouseEvent) => {
    if (loggedIn) return;
    e.preventDefault();
    openLogin({ redirectTo: workbench });
  };
  return (
    <>
      <section className="hero hero--detail">
        <div className="container">
          <p className="hero__eyebrow">节能评估 · {content.title.replace("评估", "")}</p>
          <h1>{content.title}</h1>
          <p className="hero__lead">{content.tagline}</p>
          <div className="hero__actions">
            <Button type="primary" size="large" href={start} onClick={onStart}>
              立即评估
            </Button>
            <Button size="large" ghost href="#case">
              查看案例
            </Button>
          </div>
          <dl className="hero__stats">
            {content.heroStats.map((s) => (
              <div key={s.label}>
                <dt>{s.label}</dt>
                <dd>{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="section" aria-labelledby="intro-title">
        <div className="container">
          <h2 id="intro-title" className="section__title">服务介绍</h2>
          <div className="feature-grid">
            {content.intro.map((f) => (
              <article key={f.heading} className="feature">
                <h3>{f.heading}</h3>
                <p>{f.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="value-title">
        <div className="container">
          <h2 id="value-title" className="section__title">报告价值</h2>
          <div className="value-grid">
            {content.reportValues.map((v, i) => (
              <article key={v.title} className="value-card">
                <span className="value-card__index">{String(i + 1).padStart(2, "0")}</span>
                <h3>{v.title}</h3>
                <p>{v.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="flow-title">
        <div className="container">
          <h2 id="flow-title" className="section__title">服务流程</h2>
          <ol className="timeline">
            {content.steps.map((s, i) => (
              <li key={s.title}>
                <span className="timeline__dot">{i + 1}</span>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </li>
            ))}
          </ol>
          <p className="timeline__extra">可选：工程师上门评估后，提供零成本节能改造（合同能源管理）方案。</p>
        </div>
      </section>

      <section id="case" className="section section--tinted" aria-labelledby="case-title">
        <div className="container case">
          <div>
            <h2 id="case-title" className="section__title section__title--left">{content.caseStudy.title}</h2>
            <p className="case__company">{content.caseStudy.company}</p>
            <dl className="case__list">
              <dt>改造前</dt>
              <dd>{content.caseStudy.before}</dd>
              <dt>实施措施</dt>
              <dd>{content.caseStudy.action}</dd>
              <dt>实施效果</dt>
              <dd>{content.caseStudy.result}</dd>
            </dl>
          </div>
          <p className="case__highlight">{content.caseStudy.highlight}</p>
        </div>
      </section>

      <section className="cta">
        <div className="container">
          <h2>现在开始，5 秒生成您的评估报告</h2>
          <div className="hero__actions">
            <Button type="primary" size="large" href={start} onClick={onStart}>
              立即评估
            </Button>
            <Button size="large" href="/energySavingQA">
              咨询能源问答
            </Button>
          </div>
        </div>
      </section>
    </>
  );
}
