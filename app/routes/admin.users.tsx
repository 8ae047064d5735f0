// /admin/users: find users by name, nickname, phone or id; ban with a reason, unban.
import { client } from "../lib/api-client";
import { useState } from "react";
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData, useRevalidator } from "react-router";
import { Button, Input, Table, Tag } from "antd";
import { antdAdminCss } from "../styles/antd";
import adminCss from "../admin/admin.css?url";
import { AdminFrame } from "../admin/AdminFrame";
import { AdminErrorBoundary } from "../admin/AdminError";
import { adminCall } from "../admin/client";
import { BanDialog } from "../admin/BanDialog";
import { pageParam, requireAdminPage } from "../admin/admin.server";
import { searchUsers } from "../../workers/services/admin/users";
import { ADMIN_PAGE_SIZE, type AdminUserView } from "../../workers/contract/admin-constants";
import { formatDate } from "../../workers/contract/qa-constants";
import { SITE_NAME } from "../lib/site";
import { USER_STATUS } from "../../workers/contract/user-status";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdAdminCss },
  { rel: "stylesheet", href: adminCss },
];
export const meta: MetaFunction = () => [{ title: `用户管理 - 运营后台 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, url } = await requireAdminPage(request, context);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 50);
  return { q, page: await searchUsers({ db, q, pageNo: pageParam(url) }) };
}

export const ErrorBoundary = AdminErrorBoundary;

export default function AdminUsers() {
  const { q, page } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const reload = () => revalidator.revalidate();
  const [banning, setBanning] = useState<AdminUserView | null>(null);
  return (
    <AdminFrame current="/admin/users">
      <section className="admin-card" aria-labelledby="users-title">
        <div className="admin-toolbar">
          <h1 id="users-title">用户管理</h1>
          <form method="get" action="/admin/users" role="search">
            <Input.Search name="q" defaultValue={q} placeholder="用户名、昵称、手机号或ID" allowClear enterButton="搜索" aria-label="搜索用户" onSearch={(v) => location.assign(`/admin/users?q=${encodeURIComponent(v)}`)} />
          </form>
        </div>
        <Table<AdminUserView>
          rowKey="id"
          dataSource={page.list}
          locale={{ emptyText: <span className="admin-empty">没有找到用户</span> }}
          pagination={{ current: page.pageNo, pageSize: ADMIN_PAGE_SIZE, total: page.total, showSizeChanger: false, onChange: (p) => location.assign(`/admin/users?q=${encodeURIComponent(q)}&page=${p}`) }}
          columns={[
            { title: "ID", dataIndex: "id", width: 80 },
            { title: "用户名", dataIndex: "userName" },
            { title: "昵称", dataIndex: "name" },
            { title: "手机号", dataIndex: "phone" },
            {
              title: "状态",
              key: "status",
              render: (_, u) =>
                u.status === USER_STATUS.ACTIVE ? (
                  <Tag color="success">正常</Tag>
                ) : u.status === USER_STATUS.DELETED ? (
                  <Tag>已注销</Tag>
                ) : (
                  <span>
                    <Tag color="error">已封禁</Tag>
                    {u.banReason && <span className="admin-muted">{u.banReason}</span>}
                  </span>
                ),
            },
            { title: "注册时间", dataIndex: "createdAt", width: 170, render: (t: number) => formatDate(t) },
            {
              title: "操作",
              key: "actions",
              render: (_, u) =>
                u.isAdmin ? (
                  <Tag>管理员</Tag>
                ) : u.status === USER_STATUS.DELETED ? null : u.status === USER_STATUS.ACTIVE ? (
                  <Button size="small" danger onClick={() => setBanning(u)}>
                    封禁
                  </Button>
                ) : (
                  <Button size="small" onClick={() => adminCall((o) => client.api.admin.users.unban.$post({ json: { userId: u.id } }, o), reload)}>
                    解封
                  </Button>
                ),
            },
          ]}
        />
      </section>
      <BanDialog user={banning ? { id: banning.id, name: banning.name ?? banning.userName } : null} onClose={() => setBanning(null)} onBanned={reload} />
    </AdminFrame>
  );
}
