// /personal/follow (spec 2 §2): the users I follow, and (?type=fans) my fans.
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { antdPersonalListCss } from "../styles/antd";
import personalCss from "../personal/personal.css?url";
import { PersonalShell } from "../personal/PersonalShell";
import { FilterLinks, ListPager } from "../personal/ListPager";
import { UserRows } from "../personal/UserRows";
import { personalPageData } from "../personal/personal.server";
import { fansPage, followsPage } from "../../workers/services/qa-personal/users";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdPersonalListCss },
  { rel: "stylesheet", href: personalCss },
];
export const meta: MetaFunction = () => [{ title: `我的关注 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const type = new URL(request.url).searchParams.get("type") === "fans" ? "fans" : "follow";
  const { header, unread, data } = await personalPageData(request, context, (db, me, _url, { pageNo, pageSize }) =>
    type === "fans"
      ? fansPage({ db, viewerId: me, userId: me, pageNo, pageSize }).then((p) => ({ users: p.fansList, total: p.total, pageNo: p.pageNo, pageSize: p.pageSize }))
      : followsPage({ db, viewerId: me, userId: me, pageNo, pageSize }).then((p) => ({ users: p.followList, total: p.total, pageNo: p.pageNo, pageSize: p.pageSize })),
  );
  return { header, unread, list: data, type };
}

export default function PersonalFollow() {
  const { header, unread, list, type } = useLoaderData<typeof loader>();
  return (
    <PersonalShell active="follow" header={header} unread={unread}>
      {list && (
        <section className="personal-card" aria-labelledby="follow-title">
          <div className="personal-toolbar">
            <h2 id="follow-title" className="personal-card__title">{type === "fans" ? "我的粉丝" : "我的关注"}</h2>
            <FilterLinks param="type" value={type === "fans" ? "fans" : ""} options={[{ value: "", label: `关注 ${header?.stats.followCount ?? ""}` }, { value: "fans", label: `粉丝 ${header?.stats.fansCount ?? ""}` }]} />
          </div>
          <UserRows users={list.users} empty={type === "fans" ? "还没有粉丝" : "还没有关注任何人"} />
          <ListPager total={list.total} pageNo={list.pageNo} pageSize={list.pageSize} />
        </section>
      )}
    </PersonalShell>
  );
}
