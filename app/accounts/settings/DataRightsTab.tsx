// 数据与注销 (PIPL art. 45, 47; docs/account-rights.md): 导出我的数据 (request, status, download while the link
// lives) and 注销账号 (what happens, then an SMS code to the bound phone — or the password without one — to confirm).
import { Alert, Button, Checkbox, Form, Input, Modal, Table, Tag, message } from "antd";
import { DownloadOutlined, ExportOutlined, WarningOutlined } from "@ant-design/icons";
import { useCallback, useEffect, useState } from "react";
import { OK } from "../../lib/api";
import { call, client } from "../../lib/api-client";
import { chinaDateTime } from "../../../workers/lib/china-time";
import { smsCodeSchema } from "../../../workers/contract/accounts";
import { ResendButton } from "../SendCodeButton";
import {
  EXPORT_DAILY_MAX,
  RIGHTS_MSG,
  type ExportView,
  type RightsOverview,
} from "../../../workers/contract/account-rights";
import { LegalLink } from "../../components/layout/LegalLinks";
import { zodRule } from "../form-rules";

const STATUS_COLOR: Record<ExportView["status"], string> = { queued: "default", building: "processing", ready: "success", failed: "error", expired: "default" };

function sizeText(bytes: number | null) {
  if (!bytes) return "";
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function ExportSection({ overview, reload }: { overview: RightsOverview; reload: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const running = overview.exports.some((e) => e.status === "queued" || e.status === "building");
  // While a job runs, look again every few seconds (the system message arrives at the same time).
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => void reload(), 3000);
    return () => clearInterval(t);
  }, [running, reload]);
  const request = async () => {
    setBusy(true);
    try {
      const res = await call((o) => client.api.account.export.$post({ json: {} }, o));
      if (res.code === OK) void message.success(res.msg || RIGHTS_MSG.exportQueued);
      await reload();
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="rights-section" aria-labelledby="rights-export-title">
      <div className="settings-row">
        <div>
          <h3 id="rights-export-title">导出我的数据</h3>
          <p className="field-hint">
            获取您的个人信息副本：账号资料、发布的问题、回答、评论、收藏、关注、调查表及填写内容、订单和已支付的评估报告 PDF。
            生成后我们会通过系统消息通知您，下载链接 {overview.exportLinkDays} 天内有效且仅限本人登录后下载；每天最多申请 {EXPORT_DAILY_MAX} 次。
          </p>
        </div>
        <Button type="primary" icon={<ExportOutlined />} loading={busy} disabled={running} onClick={() => void request()}>
          {running ? "正在生成…" : "申请导出"}
        </Button>
      </div>
      {overview.exports.length > 0 && (
        <Table<ExportView>
          size="small"
          rowKey="id"
          pagination={false}
          aria-label="导出记录"
          dataSource={overview.exports}
          columns={[
            { title: "申请时间", dataIndex: "createdAt", render: (v: number) => chinaDateTime(v) },
            { title: "状态", dataIndex: "status", render: (_: unknown, r) => <Tag color={STATUS_COLOR[r.status]}>{r.statusText}</Tag> },
            { title: "有效期至", dataIndex: "expiresAt", render: (v: number | null, r) => (r.downloadUrl && v ? chinaDateTime(v) : "—") },
            {
              title: "操作",
              key: "action",
              render: (_: unknown, r) =>
                r.downloadUrl ? (
                  <a href={r.downloadUrl}>
                    <DownloadOutlined /> 下载 {sizeText(r.fileSize)}
                  </a>
                ) : null,
            },
          ]}
        />
      )}
    </section>
  );
}

/** The deletion code goes to the caller's own bound phone: no phone field, the server knows it. */
function SendDeletionCode() {
  const send = async () => {
    const res = await call((o) => client.api.account.delete.sms.$post({ json: {} }, o));
    if (res.code !== OK) return false;
    void message.success(res.msg || RIGHTS_MSG.deleteCodeSent);
    return true;
  };
  return <ResendButton send={send} />;
}

function DeleteDialog({ overview, onClose }: { overview: RightsOverview; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ authCode?: string; password?: string; agree: boolean }>();
  const sms = overview.deleteMethod === "sms";
  const submit = async (v: { authCode?: string; password?: string; agree: boolean }) => {
    setBusy(true);
    try {
      const body = sms ? { method: "sms", authCode: (v.authCode ?? "").trim(), agree: v.agree } : { method: "password", password: v.password ?? "", agree: v.agree };
      const res = await call((o) => client.api.account.delete.$post({ json: body }, o));
      if (res.code === OK) {
        void message.success(res.msg || RIGHTS_MSG.deleted);
        onClose();
        // Every session is revoked and the cookie cleared: leave the signed-in pages.
        setTimeout(() => location.assign("/homePage"), 1200);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title="注销账号" className="delete-account-modal" onCancel={onClose} footer={null} width={520} destroyOnHidden>
      <Alert type="error" showIcon className="rights-alert" message="注销后账号无法恢复，请谨慎操作" />
      <Form form={form} name="delete-account" layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        {sms ? (
          <Form.Item label={`短信验证（验证码将发送至 ${overview.maskedPhone}）`} required={false}>
            <div className="code-row">
              <Form.Item name="authCode" noStyle rules={[zodRule(smsCodeSchema)]} validateTrigger="onBlur">
                <Input placeholder="请输入验证码" maxLength={6} inputMode="numeric" autoComplete="one-time-code" aria-label="验证码" />
              </Form.Item>
              <SendDeletionCode />
            </div>
          </Form.Item>
        ) : (
          <Form.Item name="password" label="登录密码" rules={[{ required: true, message: RIGHTS_MSG.passwordRequired }]}>
            <Input.Password autoComplete="current-password" placeholder="请输入登录密码" maxLength={50} />
          </Form.Item>
        )}
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[{ validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error(RIGHTS_MSG.confirmRequired))) }]}
        >
          <Checkbox>我已阅读并同意注销须知，了解注销后账号无法恢复</Checkbox>
        </Form.Item>
        <Button type="primary" danger htmlType="submit" block loading={busy}>
          确认注销
        </Button>
      </Form>
    </Modal>
  );
}

function DeleteSection({ overview }: { overview: RightsOverview }) {
  const [open, setOpen] = useState(false);
  const days = overview.phoneReuseDays;
  return (
    <section className="rights-section" aria-labelledby="rights-delete-title">
      <div className="settings-row">
        <div>
          <h3 id="rights-delete-title">注销账号</h3>
          <p className="field-hint">注销后您将无法再登录本账号，建议先导出您的数据。</p>
        </div>
        <Button danger icon={<WarningOutlined />} disabled={overview.deleteMethod === "none"} onClick={() => setOpen(true)}>
          注销账号
        </Button>
      </div>
      <div className="rights-notice" aria-label="注销须知">
        <h4>注销须知</h4>
        <ul>
          <li>所有设备上的登录立即失效；QQ、微信绑定和双碳文库授权同时解除。</li>
          <li>删除：昵称、头像、手机号、邮箱、认证信息和密码；收藏、关注和粉丝关系、浏览记录、消息；调查表及其照片和评估报告；未使用的优惠券；数据导出文件。</li>
          <li>保留但匿名：您发布的问题、回答、评论和回复继续保留，作者显示为“已注销用户”，不再关联您的任何资料。如不希望保留，请在注销前自行删除。</li>
          <li>依法保存：订单和支付记录作为会计凭证，依照会计和税收法律规定的期限保存，仅用于财务和税务核查；未支付的订单将被关闭。</li>
          <li>注销后 {days} 天内，该手机号不能重新注册或绑定其他账号；{days} 天后可以重新注册。</li>
          <li>有评估报告正在生成时不能注销，请等待生成完成。</li>
        </ul>
        <p className="field-hint">
          详见 <LegalLink which="privacy" />。
        </p>
      </div>
      {overview.deleteMethod === "none" && <p className="field-hint">{RIGHTS_MSG.noCredential}</p>}
      {open && <DeleteDialog overview={overview} onClose={() => setOpen(false)} />}
    </section>
  );
}

export function DataRightsTab() {
  const [overview, setOverview] = useState<RightsOverview | null>(null);
  const reload = useCallback(async () => {
    const res = await call((o) => client.api.account.overview.$get(undefined, o), { silent: true });
    if (res.code === OK && res.data) setOverview(res.data);
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  if (!overview) return <div className="settings-panel" aria-busy="true" />;
  return (
    <div className="settings-panel rights-panel">
      <ExportSection overview={overview} reload={reload} />
      <DeleteSection overview={overview} />
    </div>
  );
}
