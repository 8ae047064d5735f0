// Change password (spec 1 §2/§4): a two-step dialog — verify the phone by SMS (type 3), then the new password
// with its repeat and the live checklist. Success revokes every session: "修改成功，请重新登录", then login.
import { Button, Form, Input, Modal, Steps, message } from "antd";
import { useState } from "react";
import { OK } from "../../lib/api";
import { call, client } from "../../lib/api-client";
import { loginHref } from "../../lib/platform-menu";
import { maskPhone, NEW_PASSWORD_HINT, newPasswordSchema, SMS_TYPE, SUCCESS_MSG, type UserInfoView } from "../../../workers/contract/accounts";
import { sameAs, zodRule } from "../form-rules";
import { PhoneCodeFields } from "../PhoneCodeFields";
import { PasswordChecklist } from "../PasswordChecklist";

function ChangePasswordDialog({ phone, onClose }: { phone: string; onClose: () => void }) {
  const [step, setStep] = useState(0);
  const [authCode, setAuthCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [codeForm] = Form.useForm<{ authCode: string }>();
  const [pwForm] = Form.useForm<{ password: string; checkPass: string }>();
  const password = Form.useWatch("password", pwForm);

  const verify = async (v: { authCode: string }) => {
    setBusy(true);
    try {
      const res = await call((o) => client.api.user.sms.check.$post({ json: { phone, type: SMS_TYPE.PASSWORD, authCode: v.authCode.trim() } }, o));
      if (res.code === OK) {
        setAuthCode(v.authCode.trim());
        setStep(1);
      }
    } finally {
      setBusy(false);
    }
  };

  const change = async (v: { password: string; checkPass: string }) => {
    setBusy(true);
    try {
      const res = await call((o) => client.api.user["update-password"].$post({ json: { password: v.password, authCode } }, o));
      if (res.code === OK) {
        void message.success(res.msg || SUCCESS_MSG.changedRelogin);
        onClose();
        // Every session was revoked: log in again after a moment.
        setTimeout(() => location.assign(loginHref()), 1000);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title="修改密码" onCancel={onClose} footer={null} width={480} destroyOnHidden>
      <Steps size="small" current={step} className="auth-steps" items={[{ title: "短信验证" }, { title: "设置新密码" }]} />
      {step === 0 ? (
        <Form form={codeForm} name="change-pw-code" layout="vertical" requiredMark={false} onFinish={(v) => void verify(v)}>
          <PhoneCodeFields type={SMS_TYPE.PASSWORD} fixedPhone={phone} />
          <Button type="primary" htmlType="submit" block loading={busy}>
            下一步
          </Button>
        </Form>
      ) : (
        <Form form={pwForm} name="change-pw-new" layout="vertical" requiredMark={false} onFinish={(v) => void change(v)}>
          <Form.Item name="password" label="新密码" rules={[zodRule(newPasswordSchema)]} extra={<PasswordChecklist value={password} />}>
            <Input.Password autoComplete="new-password" placeholder={NEW_PASSWORD_HINT} />
          </Form.Item>
          <Form.Item name="checkPass" label="重复新密码" dependencies={["password"]} rules={[sameAs("password")]}>
            <Input.Password autoComplete="new-password" placeholder="请再次输入新密码" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            确定修改
          </Button>
        </Form>
      )}
    </Modal>
  );
}

export function PasswordTab({ user }: { user: UserInfoView }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="settings-panel">
      <div className="settings-row">
        <div>
          <h3>登录密码</h3>
          <p className="field-hint">
            {user.hasPassword ? "定期修改密码可以提高账号安全性。" : "您还没有设置密码，设置后可使用用户名和密码登录。"}修改前需要验证绑定的手机号
            {user.phone ? `（${maskPhone(user.phone)}）` : ""}。
          </p>
        </div>
        <Button type="primary" onClick={() => setOpen(true)} disabled={!user.phone}>
          {user.hasPassword ? "修改密码" : "设置密码"}
        </Button>
      </div>
      {!user.phone && <p className="field-hint">请先在“账号绑定”中绑定手机号。</p>}
      {open && user.phone && <ChangePasswordDialog phone={user.phone} onClose={() => setOpen(false)} />}
    </div>
  );
}
