import { type AppLoadContext, type EntryContext, ServerRouter } from "react-router";
import { renderToReadableStream } from "react-dom/server";
import antdCritical from "./styles/antd.critical.generated.css?raw";
import appCss from "./styles/app.css?raw";
import portalCss from "./styles/portal.css?raw";
import { CriticalCssContext } from "./styles/critical-css";
import { NonceContext } from "./lib/nonce";

// Inlined on every page: no render-blocking stylesheet request before first paint.
const CRITICAL_CSS = antdCritical + appCss + portalCss;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  let status = responseStatusCode;
  const nonce = loadContext.nonce ?? "";
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <CriticalCssContext.Provider value={CRITICAL_CSS}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CriticalCssContext.Provider>
    </NonceContext.Provider>,
    {
      nonce,
      signal: request.signal,
      onError(error: unknown) {
        if (!request.signal.aborted) console.error(JSON.stringify({ event: "ssr_error", url: request.url, error: String(error) }));
        status = 500;
      },
    },
  );
  // Whole documents for everyone: pages are small, and crawlers and first paint get the complete markup.
  await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status });
}
