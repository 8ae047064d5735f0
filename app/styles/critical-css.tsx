// First-paint CSS inlined into <head>: the server provides the text; the browser keeps what the server sent.
import { createContext, useContext } from "react";

export const CriticalCssContext = createContext<string>("");

export function CriticalStyles() {
  const css = useContext(CriticalCssContext);
  // On the client the context is empty: React does not touch innerHTML during hydration and the prop
  // never changes afterwards, so the server's styles stay in place without shipping them again in JS.
  return <style id="critical-css" dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />;
}
