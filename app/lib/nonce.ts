// The page's CSP nonce for inline scripts. The server renders it from the request's load context; in the browser
// the attribute reads empty once parsed, so the client takes the value from a script the server rendered.
import { createContext, useContext } from "react";

export const NonceContext = createContext("");

export const useNonce = () => useContext(NonceContext);

/** In the browser: the nonce the server gave this document (the `nonce` property survives, the attribute does not). */
export function documentNonce(): string {
  return (document.querySelector("script[nonce]") as HTMLScriptElement | null)?.nonce ?? "";
}
