// /admin/review: the content-review queue (reports, keyword holds, new avatars) over questions, answers, comments,
// replies, nicknames and avatars; approve, hide, restore, ban the author. ?state= and ?type= filter it.
import { client } from "../lib/api-client";
import { useState } from "react";
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData, useRevalidator } from "react-router";
import { Button, Table, Tag } from "antd";
import { antdAdminCss } from "../styles/antd";
import adminCss from "../admin/admin.css?url";
import { AdminFrame } from "../admin/AdminFrame";
import { AdminErrorBoundary } from "../admin/AdminError";
import { adminCall } from "../admin/client";
import { BanDialog } from "../admin/BanDialog";
import { pageParam, requireAdminPage } from "../admin/admin.server";
import { reviewPage } from "../../workers/services/admin/review";
import {
  ADMIN_PAGE_SIZE,
  REVIEW_SOURCE_LABEL,
  REVIEW_STATE,
  REVIEW_STATE_LABEL,
  REVIEW_TARGET_LABEL,
  REVIEW_TARGETS,
  type ReviewItemView,
  type ReviewState,
  type ReviewTarget,
} from "../../workers/contract/admin-constants";
import { formatDate } from "../../workers/contract/qa-constants";
import { SITE_NAME } from "../lib/site";
import { avatarUrl } from "../lib/viewer";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdAdminCss },
  { rel: "stylesheet", href: adminCss },
];
export const meta: MetaFunction = () => [{ title: `内容审核 - 运营后台 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

const STATES = Object.values(REVIEW_STATE) as ReviewState[];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, url } = await requireAdminPage(request, context);
  const raw = url.searchParams.get("state");
  // Default: the pending queue; ?state=all lists everything.
  const state = raw === "all" ? undefined : STATES.includes(raw as ReviewState) ? (raw as ReviewState) : REVIEW_STATE.PENDING;
  const rawType = url.searchParams.get("type");
  const type = REVIEW_TARGETS.includes(rawType as ReviewTarget) ? (rawType as ReviewTarget) : undefined;
  return { page: await reviewPage({ db, state, pageNo: pageParam(url), type }), state: state ?? "all", type: type ?? "" };
}

export const ErrorBoundary = AdminErrorBoundary;

export default function AdminReview() {
  const { page, state, type } = useLoaderData<typeof loader>();
  const typeQuery = type ? `&type=${type}` : "";
  const revalidator = useRevalidator();
  const reload = () => revalidator.revalidate();
  const [banning, setBanning] = useState<ReviewItemView | null>(null);
  const decide = (item: ReviewItemView, decision: "approve" | "hide" | "restore") => adminCall((o) => client.api.admin.review.decide.$post({ json: { id: item.id, decision } }, o), reload);
  const filters: { key: string; label: string }[] = [...STATES.map((s) => ({ key: s, label: REVIEW_STATE_LABEL[s] })), { key: "all", label: "全部" }];
  return (
    <AdminFrame current="/admin/review">
      <section className="admin-card" aria-labelledby="review-title">
        <div className="admin-toolbar">
          <h1 id="review-title">内容审核</h1>
          <ul className="admin-filters" aria-label="按状态筛选">
            {filters.map((f) => (
              <li key={f.key}>
                <a href={`/admin/review?state=${f.key}${typeQuery}`} aria-current={f.key === state ? "true" : undefined}>
                  {f.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <ul className="admin-filters admin-filters--types" aria-label="按类型筛选">
          {[{ key: "", label: "全部类型" }, ...REVIEW_TARGETS.map((t) => ({ key: t, label: REVIEW_TARGET_LABEL[t] }))].map((f) => (
            <li key={f.key || "any"}>
              <a href={`/admin/review?state=${state}${f.key ? `&type=${f.key}` : ""}`} aria-current={f.key === type ? "true" : undefined}>
                {f.label}
              </a>
            </li>
          ))}
        </ul>
        <Table<ReviewItemView>
          rowKey="id"
          dataSource={page.list}
          locale={{ emptyText: <span className="admin-empty">暂无待处理的内容</span> }}
          pagination={{
            current: page.pageNo,
            pageSize: ADMIN_PAGE_SIZE,
            total: page.total,
            showSizeChanger: false,
            onChange: (p) => location.assign(`/admin/review?state=${state}${typeQuery}&page=${p}`),
          }}
          columns={[
            { title: "类型", dataIndex: "targetType", width: 70, render: (t: ReviewItemView["targetType"]) => REVIEW_TARGET_LABEL[t] },
            {
              title: "内容",
              key: "excerpt",
              render: (_, r) => (
                <div className="admin-excerpt">
                  {r.targetType === "avatar" && (
                    <img className="admin-avatar" src={avatarUrl(r.picture)} alt={`${r.authorName}的头像`} width={48} height={48} />
                  )}
                  {r.href ? (
                    <a href={r.href} target="_blank" rel="noreferrer">
                      {r.excerpt}
                    </a>
                  ) : (
                    r.excerpt
                  )}
                </div>
              ),
            },
            {
              title: "作者",
              key: "author",
              width: 120,
              render: (_, r) => (
                <span>
                  {r.authorName} {r.authorBanned && <Tag color="error">已封禁</Tag>}
                </span>
              ),
            },
            {
              title: "来源",
              key: "source",
              width: 140,
              render: (_, r) => (
                <div>
                  <div>{REVIEW_SOURCE_LABEL[r.source] ?? r.source}</div>
                  {r.matched.length > 0 && <div className="admin-muted">命中：{r.matched.join("、")}</div>}
                  {r.reasons.length > 0 && <div className="admin-muted">{r.reasons.map((x) => `${x.label}×${x.count}`).join("，")}</div>}
                </div>
              ),
            },
            { title: "状态", dataIndex: "state", width: 90, render: (s: ReviewState) => <Tag color={s === "hidden" ? "error" : s === "pending" ? "processing" : "success"}>{REVIEW_STATE_LABEL[s]}</Tag> },
            { title: "更新时间", dataIndex: "updatedAt", width: 170, render: (t: number) => formatDate(t) },
            {
              title: "操作",
              key: "actions",
              render: (_, r) => (
                <div className="admin-actions">
                  {r.state === "pending" && (
                    <Button size="small" onClick={() => decide(r, "approve")}>
                      通过
                    </Button>
                  )}
                  {r.state !== "hidden" && (
                    <Button size="small" danger onClick={() => decide(r, "hide")}>
                      隐藏
                    </Button>
                  )}
                  {r.state === "hidden" && (
                    <Button size="small" onClick={() => decide(r, "restore")}>
                      恢复
                    </Button>
                  )}
                  {!r.authorBanned && (
                    <Button size="small" type="link" danger onClick={() => setBanning(r)}>
                      封禁作者
                    </Button>
                  )}
                </div>
              ),
            },
          ]}
        />
      </section>
      <BanDialog user={banning ? { id: banning.authorId, name: banning.authorName } : null} onClose={() => setBanning(null)} onBanned={reload} />
    </AdminFrame>
  );
}
