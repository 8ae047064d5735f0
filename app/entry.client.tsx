import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { ConfigProvider } from "antd";
import zhCN from "antd/locale/zh_CN";
import { theme } from "./theme/tokens";

// Static message/notification calls render outside the page tree: give them the same theme and locale.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={{ ...theme, zeroRuntime: true }}>
      {children}
    </ConfigProvider>
  ),
});

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

// Hydrate after the browser has painted the server HTML: hydration is one long task, and starting it at once
// held the first paint back until it ended (FCP/LCP waited for all page JS). rAF → setTimeout runs just after
// the next frame; the timer alone covers tabs opened in the background, where rAF does not fire.
let started = false;
const once = () => {
  if (started) return;
  started = true;
  hydrate();
};
requestAnimationFrame(() => setTimeout(once, 0));
setTimeout(once, 100);
