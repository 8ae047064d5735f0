// /qqlogin and /weixinlogin (spec 1 §2): the provider's redirect with ?code=…&state=…. In the popup: store the params
// for the opener and close. Inside the WeChat QR iframe (self_redirect=true): store them for the polling dialog.
// As the top window (the WeChat QR panel's self_redirect=false): finish the sign-in here, as the dialog would have.
import { useEffect, useState } from "react";
import type { OAuthSource } from "../../workers/contract/accounts";
import { completeThirdPartyLogin, storeOAuthParams, takeLoginReturn, takeOAuthParams } from "./client";

type Phase = "working" | "stored" | "signing-in" | "failed";

export function OAuthCallback({ source }: { source: OAuthSource }) {
  const [phase, setPhase] = useState<Phase>("working");
  useEffect(() => {
    storeOAuthParams(source, new URLSearchParams(location.search));
    if (window.opener) {
      setPhase("stored");
      window.close();
      return;
    }
    if (window.top !== window.self) {
      setPhase("stored");
      return;
    }
    const params = takeOAuthParams(source);
    if (!params) {
      setPhase("failed");
      return;
    }
    setPhase("signing-in");
    void completeThirdPartyLogin(params, takeLoginReturn()).then((ok) => {
      if (!ok) setPhase("failed");
    });
  }, [source]);
  const text = {
    working: "正在完成授权…",
    stored: "授权完成，请返回原页面继续操作。",
    "signing-in": "授权完成，正在登录…",
    failed: "授权未完成，请返回重新登录。",
  }[phase];
  return (
    <main id="main" className="oauth-callback">
      <p role="status">{text}</p>
      {(phase === "stored" || phase === "failed") && <a href="/login">返回节能评估</a>}
    </main>
  );
}
