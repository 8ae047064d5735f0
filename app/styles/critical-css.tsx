// First-paint CSS inlined into <head>: the server provides the text; the browser keeps what the server sent.
import { createContext, useContext } from "react";

export const CriticalCssContext = createContext<string>("");

/**
 * The server's critical CSS as found in the document when the browser first renders, kept so that a root that ever
 * falls back to client rendering (a hydration failure) re-creates the same <style> instead of an empty one: the
 * page then keeps its styling (hidden screen-reader text stays hidden) while the failure is still reported.
 */
let fromDocument: string | null = null;

export function CriticalStyles() {
  const serverCss = useContext(CriticalCssContext);
  if (!serverCss && fromDocument === null && typeof document !== "undefined") {
    fromDocument = document.getElementById("critical-css")?.textContent ?? "";
  }
  const css = serverCss || fromDocument || "";
  // Hydration never rewrites innerHTML, so the server's text stays as sent; the client holds a copy of it only to
  // survive a client re-render (it is read from the DOM, not shipped again in JS).
  return <style id="critical-css" dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />;
}
