// /otherUser/userList?type=fans|follow&userId= (spec 2 §2): another user's fans or follows.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { antdFullCss } from "../styles/antd";
import personalCss from "../personal/personal.css?url";
import { PageShell } from "../components/layout/PageShell";
import { LoginPrompt } from "../personal/PersonalShell";
import { OtherUserHead } from "../personal/OtherUserHead";
import { FilterLinks, ListPager } from "../personal/ListPager";
import { UserRows } from "../personal/UserRows";
import { intParam, orNotFound, pageParams, personalContext } from "../personal/personal.server";
import { basicProfile, fansPage, followsPage, userStatistics } from "../../workers/services/qa-personal/users";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdFullCss },
  { rel: "stylesheet", href: personalCss },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.profile?.name ?? "用户"}的${data?.type === "fans" ? "粉丝" : "关注"} - ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, viewer, url } = await personalContext(request, context);
  const userId = intParam(url, "userId", 0);
  if (!userId) throw new Response("Not Found", { status: 404 });
  const type = url.searchParams.get("type") === "fans" ? "fans" : "follow";
  if (!viewer) return { profile: null, stats: null, list: null, type, redirectTo: `/otherUser/userList?type=${type}&userId=${userId}` };
  const { pageNo, pageSize } = pageParams(url);
  const me = viewer.userId;
  const profile = await orNotFound(basicProfile(db, me, userId));
  const [stats, list] = await Promise.all([
    userStatistics(db, me, userId),
    type === "fans"
      ? fansPage(db, me, userId, pageNo, pageSize).then((p) => ({ users: p.fansList, total: p.total, pageNo: p.pageNo, pageSize: p.pageSize }))
      : followsPage(db, me, userId, pageNo, pageSize).then((p) => ({ users: p.followList, total: p.total, pageNo: p.pageNo, pageSize: p.pageSize })),
  ]);
  return { profile, stats, list, type, redirectTo: "" };
}

export default function OtherUserList() {
  const { profile, stats, list, type, redirectTo } = useLoaderData<typeof loader>();
  if (!profile || !stats || !list) {
    return (
      <PageShell>
        <div className="container">
          <LoginPrompt title="登录后即可查看" redirectTo={redirectTo} />
        </div>
      </PageShell>
    );
  }
  const who = profile.isSelf ? "我" : "TA";
  return (
    <PageShell>
      <div className="container personal-main" style={{ paddingTop: 24, paddingBottom: 32 }}>
        <OtherUserHead profile={profile} stats={stats} />
        <section className="personal-card" aria-labelledby="user-list-title">
          <div className="personal-toolbar">
            <h2 id="user-list-title" className="personal-card__title">{type === "fans" ? `${who}的粉丝` : `${who}的关注`}</h2>
            <FilterLinks param="type" value={type} options={[{ value: "follow", label: `关注 ${stats.followCount}` }, { value: "fans", label: `粉丝 ${stats.fansCount}` }]} />
          </div>
          <UserRows users={list.users} empty={type === "fans" ? "还没有粉丝" : "还没有关注任何人"} />
          <ListPager total={list.total} pageNo={list.pageNo} pageSize={list.pageSize} />
        </section>
      </div>
    </PageShell>
  );
}
