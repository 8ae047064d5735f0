// /otherUser/userList?type=fans|follow&userId= (spec 2 §2): another user's fans or follows.
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { antdFullCss } from "../styles/antd";
import personalCss from "../personal/personal.css?url";
import { OtherUserFrame } from "../personal/OtherUserFrame";
import { FilterLinks, ListPager } from "../personal/ListPager";
import { UserRows } from "../personal/UserRows";
import { otherUserData } from "../personal/personal.server";
import { fansPage, followsPage } from "../../workers/services/qa-personal/users";
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
  const type = new URL(request.url).searchParams.get("type") === "fans" ? "fans" : "follow";
  const { profile, stats, data, redirectTo } = await otherUserData(
    request,
    context,
    (userId) => `/otherUser/userList?type=${type}&userId=${userId}`,
    (db, me, userId, { pageNo, pageSize }) =>
      type === "fans"
        ? fansPage({ db, viewerId: me, userId, pageNo, pageSize }).then((p) => ({ users: p.fansList, total: p.total, pageNo: p.pageNo, pageSize: p.pageSize }))
        : followsPage({ db, viewerId: me, userId, pageNo, pageSize }).then((p) => ({ users: p.followList, total: p.total, pageNo: p.pageNo, pageSize: p.pageSize })),
  );
  return { profile, stats, list: data, type, redirectTo };
}

export default function OtherUserList() {
  const { profile, stats, list, type, redirectTo } = useLoaderData<typeof loader>();
  return (
    <OtherUserFrame
      profile={profile}
      stats={stats}
      redirectTo={redirectTo}
      loginTitle="登录后即可查看"
      titleId="user-list-title"
      title={(who) => (type === "fans" ? `${who}的粉丝` : `${who}的关注`)}
      toolbar={(st) => <FilterLinks param="type" value={type} options={[{ value: "follow", label: `关注 ${st.followCount}` }, { value: "fans", label: `粉丝 ${st.fansCount}` }]} />}
      body={() =>
        list && (
          <>
            <UserRows users={list.users} empty={type === "fans" ? "还没有粉丝" : "还没有关注任何人"} />
            <ListPager total={list.total} pageNo={list.pageNo} pageSize={list.pageSize} />
          </>
        )
      }
    />
  );
}
