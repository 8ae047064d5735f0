// The login dialog (spec 1 §2/§4): SMS tab (default) and password tab, register link, QQ/WeChat (desktop only),
// agreement links, and the WeChat QR view. Loaded lazily on first open (see LoginProvider).
import { Modal, Spin, Tabs, Tooltip } from "antd";
import { QqOutlined, WechatOutlined } from "@ant-design/icons";
import { useEffect, useState } from "react";
import { OK } from "../lib/api";
import { call, client } from "../lib/api-client";
import { useRootData } from "../lib/use-root-data";
import { LegalLink } from "../components/layout/LegalLinks";
import { OAUTH_POPUP, type OAuthSource } from "../../workers/contract/accounts";
import { authorizeInPopup, clearOAuthParams, completeThirdPartyLogin, finishLogin, rememberLoginReturn, takeOAuthParams } from "./client";
import { PasswordLoginForm, SmsLoginForm } from "./LoginForms";
// The dialog opens on public pages whose routes do not link the accounts stylesheet: load it with the dialog chunk.
import "./accounts.css";

export interface LoginDialogProps {
  open: boolean;
  redirectTo: string | null;
  onClose: () => void;
}

async function login(body: Record<string, unknown>, redirectTo: string | null) {
  const res = await call((o) => client.api.user.login.$post({ json: body }, o));
  if (res.code === OK && res.data) finishLogin(redirectTo, res.msg || undefined);
  return res;
}

/**
 * WeChat QR view: WeChat's own QR panel in an iframe, as wxLogin.js embeds it (URL from the server, with the
 * cookie-bound state). After the scan WeChat sends the top window to /weixinlogin (self_redirect=false), which
 * finishes the sign-in; the stored callback params are also polled every second (spec 1 §4) for a redirect that
 * lands in the iframe or in another tab of this browser.
 */
function WechatQrView({ redirectTo, onBack, onPopup }: { redirectTo: string | null; onBack: () => void; onPopup: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    clearOAuthParams();
    rememberLoginReturn(redirectTo);
    void call((o) => client.api.user.oauth["authorize-url"].$get({ query: { source: "WECHAT_OPEN" } }, o)).then((res) => {
      if (!alive) return;
      if (res.code === OK && res.data) setUrl(res.data.url);
      else setFailed(true);
    });
    const timer = setInterval(() => {
      const params = takeOAuthParams("WECHAT_OPEN");
      if (params) {
        clearInterval(timer);
        void completeThirdPartyLogin(params, redirectTo);
      }
    }, OAUTH_POPUP.pollMs);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [redirectTo]);
  return (
    <div className="wechat-qr">
      <h3 className="wechat-qr__title">微信扫码登录</h3>
      <div className="wechat-qr__code" data-authorize-url={url ?? undefined}>
        {url ? (
          <iframe src={url} title="微信扫码登录二维码" width={300} height={400} scrolling="no" frameBorder={0} />
        ) : failed ? (
          <p>二维码加载失败，请稍后重试</p>
        ) : (
          <Spin />
        )}
      </div>
      <p className="wechat-qr__hint">
        无法扫码？
        <button type="button" className="link-button" onClick={onPopup}>
          打开微信授权窗口
        </button>
      </p>
      <button type="button" className="link-button" onClick={onBack}>
        返回手机号登录
      </button>
    </div>
  );
}

export default function LoginDialog({ open, redirectTo, onClose }: LoginDialogProps) {
  const { isMobile } = useRootData();
  const [view, setView] = useState<"forms" | "wechat">("forms");
  const [tab, setTab] = useState("sms");
  const [busy, setBusy] = useState<OAuthSource | null>(null);

  const thirdParty = async (source: OAuthSource) => {
    setBusy(source);
    try {
      const params = await authorizeInPopup(source);
      if (params) await completeThirdPartyLogin(params, redirectTo);
    } finally {
      setBusy(null);
    }
  };

  const registerHref = redirectTo ? `/register?redirectTo=${encodeURIComponent(redirectTo)}` : "/register";

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={440}
      centered
      title="欢迎登录节能评估"
      className="login-dialog"
      afterClose={() => setView("forms")}
    >
      {view === "wechat" ? (
        <WechatQrView redirectTo={redirectTo} onBack={() => setView("forms")} onPopup={() => void thirdParty("WECHAT_OPEN")} />
      ) : (
        <>
          <Tabs
            activeKey={tab}
            onChange={setTab}
            centered
            items={[
              {
                key: "sms",
                label: "短信登录",
                children: <SmsLoginForm idPrefix="dialog-sms" mobile={isMobile} redirectTo={redirectTo} onSubmit={(v) => login({ type: 2, ...v }, redirectTo)} />,
              },
              {
                key: "password",
                label: "密码登录",
                children: (
                  <PasswordLoginForm
                    idPrefix="dialog-pwd"
                    onSubmit={(v) => login({ type: 1, ...v }, redirectTo)}
                    extra={
                      <a href="/forgetPassword" className="auth-form__forgot">
                        忘记密码？
                      </a>
                    }
                  />
                ),
              },
            ]}
          />
          <div className="login-dialog__register">
            还没有账号？<a href={registerHref}>新用户注册</a>
          </div>
          {!isMobile && (
            <div className="login-dialog__third">
              <span className="login-dialog__third-label">其他登录方式</span>
              <Tooltip title="QQ登录">
                <button type="button" className="third-icon third-icon--qq" aria-label="QQ登录" disabled={busy !== null} onClick={() => void thirdParty("QQ")}>
                  <QqOutlined />
                </button>
              </Tooltip>
              <Tooltip title="微信登录">
                <button type="button" className="third-icon third-icon--wechat" aria-label="微信登录" disabled={busy !== null} onClick={() => setView("wechat")}>
                  <WechatOutlined />
                </button>
              </Tooltip>
            </div>
          )}
          <p className="login-dialog__legal">
            登录即表示您已阅读并同意
            <LegalLink which="agreement" />和<LegalLink which="privacy" />
          </p>
        </>
      )}
    </Modal>
  );
}
