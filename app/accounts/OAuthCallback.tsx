// /qqlogin and /weixinlogin (spec 1 §2): store the provider's query params for the opener window and close.
import { useEffect, useState } from "react";
import type { OAuthSource } from "../../workers/contract/accounts";
import { storeOAuthParams } from "./client";

export function OAuthCallback({ source }: { source: OAuthSource }) {
  const [done, setDone] = useState(false);
  useEffect(() => {
    storeOAuthParams(source, new URLSearchParams(location.search));
    setDone(true);
    if (window.opener) window.close();
  }, [source]);
  return (
    <main id="main" className="oauth-callback">
      <p role="status">{done ? "授权完成，请返回原页面继续操作。" : "正在完成授权…"}</p>
      {done && <a href="/login">返回节能评估</a>}
    </main>
  );
}
