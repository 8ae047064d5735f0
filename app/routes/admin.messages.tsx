// /admin/messages: system messages (消息通知 → 系统) to one user — found by id, user name or phone and shown before
// sending — or to every active user (after a confirm); the receivers' header badges rise live. Lists what was sent.
import { useState } from "react";
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData, useRevalidator } from "react-router";
import { Button, Descriptions, Input, Modal, Radio, Table, Tag, message } from "antd";
import { antdAdminCss } from "../styles/antd";
import adminCss from "../admin/admin.css?url";
import { AdminFrame } from "../admin/AdminFrame";
import { AdminErrorBoundary } from "../admin/AdminError";
import { adminCall } from "../admin/client";
import { pageParam, requireAdminPage } from "../admin/admin.server";
import { sentMessagesPage } from "../../workers/services/admin/system-messages";
import { activeUserCount } from "../../workers/services/messaging/system";
import {
  ADMIN_PAGE_SIZE,
  MESSAGE_AUDIENCE,
  SYSTEM_CONTENT_MAX,
  SYSTEM_TITLE_MAX,
  systemMessageText,
  type MessageAudience,
  type ResolvedUserView,
  type SystemSendView,
} from "../../workers/contract/admin-constants";
import { systemSendPayload } from "../../workers/contract/admin-content";
import { formatDate } from "../../workers/contract/qa-constants";
import { OK } from "../lib/api";
import { call, client } from "../lib/api-client";
import { SITE_NAME } from "../lib/site";
import { isActiveUser } from "../../workers/contract/user-status";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdAdminCss },
  { rel: "stylesheet", href: adminCss },
];
export const meta: MetaFunction = () => [{ title: `系统消息 - 运营后台 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, url } = await requireAdminPage(request, context);
  const [page, activeUsers] = await Promise.all([sentMessagesPage({ db, pageNo: pageParam(url) }), activeUserCount({ db })]);
  return { page, activeUsers };
}

export const ErrorBoundary = AdminErrorBoundary;

export default function AdminMessages() {
  const { page, activeUsers } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const reload = () => revalidator.revalidate();
  const [audience, setAudience] = useState<MessageAudience>(MESSAGE_AUDIENCE.ONE);
  const [who, setWho] = useState("");
  const [user, setUser] = useState<ResolvedUserView | null>(null);
  const [title, setTitle] = useState("");
  const [content, setContent] = useState("");
  const [sending, setSending] = useState(false);
  const [confirmAll, setConfirmAll] = useState(false);

  async function lookUp() {
    setUser(null);
    const res = await call((o) => client.api.admin.content.messages.resolve.$get({ query: { who: who.trim() } }, o));
    if (res.code === OK && res.data) setUser(res.data);
  }

  async function send() {
    const body = { audience, userId: audience === MESSAGE_AUDIENCE.ONE ? user?.id : undefined, title, content };
    setSending(true);
    const done = await adminCall((o) => client.api.admin.content.messages.send.$post({ json: body }, o), reload);
    setSending(false);
    setConfirmAll(false);
    if (done) {
      setTitle("");
      setContent("");
    }
  }

  function submit() {
    const parsed = systemSendPayload.safeParse({ audience, userId: audience === MESSAGE_AUDIENCE.ONE ? user?.id : undefined, title, content });
    if (!parsed.success) {
      void message.warning(audience === MESSAGE_AUDIENCE.ONE && !user ? "请先查找并确认接收用户" : (parsed.error.issues[0]?.message ?? "请检查填写内容"));
      return;
    }
    if (audience === MESSAGE_AUDIENCE.ALL) setConfirmAll(true);
    else void send();
  }

  return (
    <AdminFrame current="/admin/messages">
      <section className="admin-card" aria-labelledby="msg-title">
        <h1 id="msg-title">系统消息</h1>
        <p className="admin-muted">消息出现在用户“消息通知 → 系统”中，在线用户的消息角标会实时更新。</p>
        <div className="admin-send">
          <Radio.Group
            aria-label="发送对象"
            value={audience}
            onChange={(e) => setAudience(e.target.value as MessageAudience)}
            options={[
              { value: MESSAGE_AUDIENCE.ONE, label: "单个用户" },
              { value: MESSAGE_AUDIENCE.ALL, label: `全部用户（${activeUsers} 人）` },
            ]}
          />
          {audience === MESSAGE_AUDIENCE.ONE && (
            <div>
              <form
                className="admin-actions"
                onSubmit={(e) => {
                  e.preventDefault();
                  if (who.trim()) void lookUp();
                }}
              >
                <Input
                  aria-label="用户ID、用户名或手机号"
                  value={who}
                  maxLength={50}
                  placeholder="用户ID、用户名或手机号"
                  onChange={(e) => {
                    setWho(e.target.value);
                    setUser(null);
                  }}
                  style={{ width: 260 }}
                />
                <Button htmlType="submit" disabled={!who.trim()}>
                  查找
                </Button>
              </form>
              {user && (
                <Descriptions className="admin-resolved" size="small" bordered column={5} aria-label="接收用户">
                  <Descriptions.Item label="ID">{user.id}</Descriptions.Item>
                  <Descriptions.Item label="用户名">{user.userName}</Descriptions.Item>
                  <Descriptions.Item label="昵称">{user.name ?? "—"}</Descriptions.Item>
                  <Descriptions.Item label="手机号">{user.phone ?? "—"}</Descriptions.Item>
                  <Descriptions.Item label="状态">{isActiveUser(user.status) ? <Tag color="success">正常</Tag> : <Tag color="error">已封禁</Tag>}</Descriptions.Item>
                </Descriptions>
              )}
            </div>
          )}
          <label htmlFor="msg-title-input">标题</label>
          <Input id="msg-title-input" value={title} maxLength={SYSTEM_TITLE_MAX} showCount onChange={(e) => setTitle(e.target.value)} placeholder="如：平台维护通知" />
          <label htmlFor="msg-content-input">内容</label>
          <Input.TextArea id="msg-content-input" value={content} maxLength={SYSTEM_CONTENT_MAX} showCount rows={4} onChange={(e) => setContent(e.target.value)} />
          <div>
            <Button type="primary" loading={sending} onClick={submit}>
              发送
            </Button>
          </div>
        </div>
      </section>
      <section className="admin-card" aria-labelledby="sent-title">
        <h2 id="sent-title" className="admin-subtitle">
          已发送
        </h2>
        <Table<SystemSendView>
          rowKey="id"
          dataSource={page.list}
          locale={{ emptyText: <span className="admin-empty">还没有发送过系统消息</span> }}
          pagination={{ current: page.pageNo, pageSize: ADMIN_PAGE_SIZE, total: page.total, showSizeChanger: false, onChange: (p) => location.assign(`/admin/messages?page=${p}`) }}
          columns={[
            { title: "时间", dataIndex: "createdAt", width: 170, render: (t: number) => formatDate(t) },
            {
              title: "消息",
              key: "text",
              render: (_, r) => <div className="admin-excerpt">{r.title ? systemMessageText(r.title, r.content) : r.content}</div>,
            },
            {
              title: "对象",
              key: "to",
              width: 160,
              render: (_, r) => (r.audience === MESSAGE_AUDIENCE.ALL ? "全部用户" : `${r.receiverName ?? "已注销用户"}（ID ${r.receiverId}）`),
            },
            { title: "接收人数", dataIndex: "receivers", width: 90 },
            { title: "发送人", dataIndex: "sentByName", width: 110 },
          ]}
        />
      </section>
      <Modal
        title="发送给全部用户"
        open={confirmAll}
        okText="确认发送"
        cancelText="取消"
        confirmLoading={sending}
        onOk={() => void send()}
        onCancel={() => setConfirmAll(false)}
      >
        <p>
          将向全部 {activeUsers} 位正常状态的用户发送“{title}”。发送后无法撤回，确认发送？
        </p>
      </Modal>
    </AdminFrame>
  );
}
