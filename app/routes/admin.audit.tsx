// /admin/audit: the audit log of every admin action (who, what, when, before/after).
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from "react-router";
import { Table } from "antd";
import { antdAdminCss } from "../styles/antd";
import adminCss from "../admin/admin.css?url";
import { AdminFrame } from "../admin/AdminFrame";
import { AdminErrorBoundary } from "../admin/AdminError";
import { pageParam, requireAdminPage } from "../admin/admin.server";
import { auditPage } from "../../workers/services/operators/audit";
import { ADMIN_ACTION_LABEL, ADMIN_PAGE_SIZE, type AuditEntryView } from "../../workers/contract/admin-constants";
import { formatDate } from "../../workers/contract/qa-constants";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdAdminCss },
  { rel: "stylesheet", href: adminCss },
];
export const meta: MetaFunction = () => [{ title: `操作日志 - 运营后台 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, url } = await requireAdminPage(request, context);
  return { page: await auditPage({ db, pageNo: pageParam(url) }) };
}

export const ErrorBoundary = AdminErrorBoundary;

const json = (v: unknown) => (v === null || v === undefined ? "—" : <pre className="admin-json">{JSON.stringify(v, null, 1)}</pre>);

export default function AdminAudit() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <AdminFrame current="/admin/audit">
      <section className="admin-card" aria-labelledby="audit-title">
        <h1 id="audit-title">操作日志</h1>
        <Table<AuditEntryView>
          rowKey="id"
          dataSource={page.list as AuditEntryView[]}
          locale={{ emptyText: <span className="admin-empty">暂无操作记录</span> }}
          pagination={{ current: page.pageNo, pageSize: ADMIN_PAGE_SIZE, total: page.total, showSizeChanger: false, onChange: (p) => location.assign(`/admin/audit?page=${p}`) }}
          columns={[
            { title: "时间", dataIndex: "createdAt", width: 170, render: (t: number) => formatDate(t) },
            { title: "操作人", dataIndex: "actorName" },
            { title: "操作", dataIndex: "action", render: (a: string) => ADMIN_ACTION_LABEL[a] ?? a },
            { title: "对象", key: "target", render: (_, e) => `${e.targetType} #${e.targetId}` },
            { title: "变更前", dataIndex: "before", render: json },
            { title: "变更后", dataIndex: "after", render: json },
            { title: "理由", dataIndex: "reason", render: (r: string | null) => r ?? "—" },
          ]}
        />
      </section>
    </AdminFrame>
  );
}
