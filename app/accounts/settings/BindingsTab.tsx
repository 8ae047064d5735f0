// Bound accounts (spec 1 §2/§4): phone (change in a 3-step dialog), QQ and WeChat bind/unbind with confirmation.
import { Button, Form, Modal, Popconfirm, Steps, message } from "antd";
import { MobileOutlined, QqOutlined, WechatOutlined } from "@ant-design/icons";
import { useCallback, useEffect, useState } from "react";
import { OK } from "../../lib/api";
import { call, client } from "../../lib/api-client";
import { maskPhone, SMS_TYPE, SUCCESS_MSG, type BindInfoEntry, type OAuthSource, type UserInfoView } from "../../../workers/contract/accounts";
import { PhoneCodeFields } from "../PhoneCodeFields";
import { authorizeInPopup } from "../client";

function ChangePhoneDialog({ phone, onClose, onChanged }: { phone: string; onClose: () => void; onChanged: (phone: string) => void }) {
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const [oldForm] = Form.useForm<{ authCode: string }>();
  const [newForm] = Form.useForm<{ phone: string; authCode: string }>();

  const checkOld = async (v: { authCode: string }) => {
    setBusy(true);
    try {
      const res = await call((o) => client.api.user["phone-bind-update-check"].$post({ json: { phone, authCode: v.authCode.trim() } }, o));
      if (res.code === OK) {
        void message.success(res.msg || SUCCESS_MSG.verified);
        setStep(2);
      }
    } finally {
      setBusy(false);
    }
  };
  const apply = async (v: { phone: string; authCode: string }) => {
    setBusy(true);
    try {
      const res = await call((o) => client.api.user["phone-bind-update"].$post({ json: { phone: v.phone.trim(), authCode: v.authCode.trim() } }, o));
      if (res.code === OK && res.data) {
        void message.success(res.msg || SUCCESS_MSG.phoneRebound);
        onChanged(res.data.phone);
        onClose();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title="更换手机号" onCancel={onClose} footer={null} width={520} destroyOnHidden>
      <Steps size="small" current={step} className="auth-steps" items={[{ title: "换绑须知" }, { title: "验证原手机号" }, { title: "绑定新手机号" }]} />
      {step === 0 && (
        <div className="phone-notice">
          <ul>
            <li>更换后，原手机号 {maskPhone(phone)} 将不能再用于登录本账号。</li>
            <li>一个手机号只能绑定一个账号，新手机号不能是其他账号已绑定的号码。</li>
            <li>更换过程需要分别验证原手机号和新手机号的短信验证码。</li>
          </ul>
          <Button type="primary" block onClick={() => setStep(1)}>
            开始更换
          </Button>
        </div>
      )}
      {step === 1 && (
        <Form form={oldForm} name="phone-old" layout="vertical" requiredMark={false} onFinish={(v) => void checkOld(v)}>
          <PhoneCodeFields type={SMS_TYPE.PHONE} fixedPhone={phone} phoneLabel="原手机号" codeLabel="原手机验证码" />
          <Button type="primary" htmlType="submit" block loading={busy}>
            下一步
          </Button>
        </Form>
      )}
      {step === 2 && (
        <Form form={newForm} name="phone-new" layout="vertical" requiredMark={false} onFinish={(v) => void apply(v)}>
          <PhoneCodeFields type={SMS_TYPE.PHONE} phoneLabel="新手机号" phonePlaceholder="请输入新手机号" codeLabel="新手机验证码" />
          <Button type="primary" htmlType="submit" block loading={busy}>
            确定更换
          </Button>
        </Form>
      )}
    </Modal>
  );
}

const SOURCES: { source: OAuthSource; label: string; icon: React.ReactNode }[] = [
  { source: "WECHAT_OPEN", label: "微信", icon: <WechatOutlined /> },
  { source: "QQ", label: "QQ", icon: <QqOutlined /> },
];

export function BindingsTab({ user, onPhoneChanged }: { user: UserInfoView; onPhoneChanged: (phone: string) => void }) {
  const [list, setList] = useState<BindInfoEntry[] | null>(null);
  const [phoneDialog, setPhoneDialog] = useState(false);
  const [busy, setBusy] = useState<OAuthSource | null>(null);

  const refresh = useCallback(async () => {
    const res = await call((o) => client.api.user.bindInfo.$post({ json: { userId: user.id } }, o));
    if (res.code === OK && res.data) setList(res.data);
  }, [user.id]);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const bind = async (source: OAuthSource) => {
    setBusy(source);
    try {
      const params = await authorizeInPopup(source);
      if (!params) return;
      const res = await call((o) => client.api.user.bind.$post({ json: { source, code: params.code, state: params.state, phone: user.phone ?? undefined } }, o));
      // Binding to the signed-in account answers the new list (a ticket bind, phoneValid's, answers a login).
      if (res.code === OK && Array.isArray(res.data)) {
        void message.success(res.msg || SUCCESS_MSG.bound);
        setList(res.data);
      }
    } finally {
      setBusy(null);
    }
  };
  const unbind = async (source: OAuthSource) => {
    setBusy(source);
    try {
      const res = await call((o) => client.api.user.unBind.$post({ json: { userId: user.id, phone: user.phone ?? undefined, type: source } }, o));
      if (res.code === OK && res.data) {
        void message.success(res.msg || SUCCESS_MSG.unbound);
        setList(res.data);
      }
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="settings-panel">
      <ul className="bind-list" aria-label="账号绑定">
        <li className="bind-item" data-bind="phone">
          <span className="bind-item__icon bind-item__icon--phone" aria-hidden>
            <MobileOutlined />
          </span>
          <div className="bind-item__body">
            <strong>手机号</strong>
            <span className="field-hint">{user.phone ? `已绑定：${maskPhone(user.phone)}` : "未绑定"}</span>
          </div>
          <Button onClick={() => setPhoneDialog(true)} disabled={!user.phone}>
            {user.phone ? "更换" : "绑定"}
          </Button>
        </li>
        {SOURCES.map(({ source, label, icon }) => {
          const entry = list?.find((e) => e.type === source);
          return (
            <li key={source} className="bind-item" data-bind={source}>
              <span className={`bind-item__icon bind-item__icon--${source === "QQ" ? "qq" : "wechat"}`} aria-hidden>
                {icon}
              </span>
              <div className="bind-item__body">
                <strong>{label}</strong>
                <span className="field-hint">{list === null ? "加载中…" : entry ? `已绑定${entry.nickname ? `：${entry.nickname}` : ""}` : "未绑定"}</span>
              </div>
              {entry ? (
                <Popconfirm title="确定解绑吗？" okText="确定" cancelText="取消" onConfirm={() => unbind(source)}>
                  <Button danger loading={busy === source}>
                    解绑
                  </Button>
                </Popconfirm>
              ) : (
                <Button type="primary" ghost loading={busy === source} disabled={list === null || busy !== null} onClick={() => void bind(source)}>
                  绑定
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <div className="bind-tips">
        <p>温馨提示：</p>
        <ol>
          <li>一个手机号只能绑定一个账号。</li>
          <li>绑定微信或QQ后，可以使用微信或QQ直接登录本账号。</li>
        </ol>
      </div>
      {phoneDialog && user.phone && <ChangePhoneDialog phone={user.phone} onClose={() => setPhoneDialog(false)} onChanged={onPhoneChanged} />}
    </div>
  );
}
