// Any path no route serves: 404 with a not-found page in the site frame (search engines drop the URL; people get a
// way on). Visitors reach it too: the root loader does not send unknown paths to /homePage (app/lib/known-path.ts).
import { data, Link, type MetaFunction } from "react-router";
import { PageShell } from "../components/layout/PageShell";
import { HOME_PATH } from "../lib/routes";
import { SITE_NAME } from "../lib/site";

export const meta: MetaFunction = () => [{ title: `页面不存在 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

const notFound = () => data({ notFound: true }, { status: 404, headers: { "cache-control": "no-store" } });
export const loader = notFound;
export const action = notFound;

export default function NotFound() {
  return (
    <PageShell>
      <section className="not-found container">
        <p className="not-found__code" aria-hidden="true">404</p>
        <h1>页面不存在</h1>
        <p>您访问的页面不存在或已被移除，请检查网址是否正确。</p>
        <ul className="not-found__links">
          <li>
            <Link to={HOME_PATH}>返回首页</Link>
          </li>
          <li>
            <Link to="/energySavingQA">去能源问答看看</Link>
          </li>
          <li>
            <Link to="/about">了解我们</Link>
          </li>
        </ul>
      </section>
    </PageShell>
  );
}
