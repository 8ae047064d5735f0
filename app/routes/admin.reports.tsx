// /admin/reports: report generations that failed, with the reason the user sees, and a retry; below, the other
// background jobs that failed for good (data exports, system-message pushes), with their error and a retry.
import { client } from "../lib/api-client";
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData, useRevalidator } from "react-router";
import { Button, Table } from "antd";
import { antdAdminCss } from "../styles/antd";
import adminCss from "../admin/admin.css?url";
import { AdminFrame } from "../admin/AdminFrame";
import { AdminErrorBoundary } from "../admin/AdminError";
import { adminCall } from "../admin/client";
import { requireAdminPage } from "../admin/admin.server";
import { reportFailures } from "../../workers/services/admin/dashboard";
import { jobFailures } from "../../workers/services/admin/job-failures";
import type { ReportFailureView } from "../../workers/contract/admin-constants";
import type { JobFailureView } from "../../workers/contract/jobs";
import { formatDate } from "../../workers/contract/qa-constants";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdAdminCss },
  { rel: "stylesheet", href: adminCss },
];
export const meta: MetaFunction = () => [{ title: `报告失败 - 运营后台 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db } = await requireAdminPage(request, context);
  const [failures, jobs] = await Promise.all([reportFailures({ db }), jobFailures({ db })]);
  return { failures, jobs };
}

export const ErrorBoundary = AdminErrorBoundary;

export default function AdminReports() {
  const { failures, jobs } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  return (
    <AdminFrame current="/admin/reports">
      <section className="admin-card" aria-labelledby="rf-title">
        <h1 id="rf-title">报告生成失败</h1>
        <Table<ReportFailureView>
          rowKey="surveyId"
          dataSource={failures}
          pagination={false}
          locale={{ emptyText: <span className="admin-empty">没有生成失败的报告</span> }}
          columns={[
            { title: "评估", dataIndex: "surveyName" },
            { title: "用户", dataIndex: "userName" },
            { title: "失败原因", dataIndex: "reason" },
            { title: "时间", dataIndex: "updatedAt", width: 170, render: (t: number) => formatDate(t) },
            {
              title: "操作",
              key: "actions",
              width: 110,
              render: (_, f) => (
                <Button size="small" onClick={() => adminCall((o) => client.api.admin["report-failures"].retry.$post({ json: { surveyId: f.surveyId } }, o), () => revalidator.revalidate())}>
                  重新生成
                </Button>
              ),
            },
          ]}
        />
      </section>
      <section className="admin-card" aria-labelledby="jf-title">
        <h2 id="jf-title">后台任务失败</h2>
        <Table<JobFailureView>
          rowKey="id"
          dataSource={jobs}
          pagination={false}
          locale={{ emptyText: <span className="admin-empty">没有失败的后台任务</span> }}
          columns={[
            { title: "任务", dataIndex: "kindText", width: 150 },
            { title: "用户", dataIndex: "userName", width: 140, render: (v: string | null) => v ?? "—" },
            { title: "失败原因", dataIndex: "lastError" },
            { title: "尝试次数", dataIndex: "attempts", width: 90 },
            { title: "时间", dataIndex: "updatedAt", width: 170, render: (t: number) => formatDate(t) },
            {
              title: "操作",
              key: "actions",
              width: 110,
              render: (_, j) => (
                <Button size="small" onClick={() => adminCall((o) => client.api.admin["job-failures"].retry.$post({ json: { jobId: j.id } }, o), () => revalidator.revalidate())}>
                  重试
                </Button>
              ),
            },
          ]}
        />
      </section>
    </AdminFrame>
  );
}
