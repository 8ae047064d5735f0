import { HydratedRouter } from "react-router/dom";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { ConfigProvider } from "antd";
import { AntdRuntime } from "./theme/AntdRuntime";
import { LIVE_COPY_ATTR } from "./lib/deferred-scripts";
import { NonceContext, documentNonce } from "./lib/nonce";
import { decodeRouterState } from "./lib/router-state";

// Static message/notification calls render outside the page tree: give them the same theme and locale.
ConfigProvider.config({
  holderRender: (children) => <AntdRuntime>{children}</AntdRuntime>,
});

const nonce = documentNonce();

// The router's data is decoded before hydration starts, so the root never suspends (see lib/router-state.ts).
void decodeRouterState().then(() => {
  // The page's scripts were fetched after first paint by copies that lib/deferred-scripts.tsx inserted; the server
  // did not render those copies, so they go before React compares the DOM with its tree.
  for (const copy of Array.from(document.querySelectorAll(`[${LIVE_COPY_ATTR}]`))) copy.remove();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <NonceContext.Provider value={nonce}>
          <HydratedRouter />
        </NonceContext.Provider>
      </StrictMode>,
    );
  });
});
