// Mounted once in the app shell: answers openLogin() (OPEN_LOGIN_EVENT) and /…?login=1 with the login dialog.
// The dialog's code is fetched on first open so public pages keep their small first download.
import { lazy, Suspense, useEffect, useState } from "react";
import { loginProviderMounted, loginProviderUnmounted, OPEN_LOGIN_EVENT, type OpenLoginDetail } from "../lib/login-gate";
import { useRootData } from "../lib/use-root-data";
import { safeRedirect } from "../lib/safe-redirect";

const LoginDialog = lazy(() => import("./LoginDialog"));

/** After login without an explicit target: the spec's /homePage from the landing pages, else the page the visitor was on. */
function defaultTarget(): string {
  const { pathname, search } = location;
  if (pathname === "/login" || pathname === "/" || pathname === "/homePage") return "/homePage";
  const params = new URLSearchParams(search);
  params.delete("login");
  params.delete("redirectTo");
  const rest = params.toString();
  return pathname + (rest ? `?${rest}` : "");
}

export function LoginProvider() {
  const { viewer } = useRootData();
  const [state, setState] = useState<{ open: boolean; redirectTo: string | null; mounted: boolean }>({ open: false, redirectTo: null, mounted: false });

  useEffect(() => {
    const open = (detail: OpenLoginDetail | undefined) =>
      setState({ open: true, redirectTo: safeRedirect(detail?.redirectTo) ?? defaultTarget(), mounted: true });
    const onOpen = (e: Event) => {
      const detail = (e as CustomEvent<OpenLoginDetail>).detail;
      if (detail) detail.handled = true;
      open(detail);
    };
    window.addEventListener(OPEN_LOGIN_EVENT, onOpen);
    // A login entry clicked during hydration, before this listener existed.
    const early = loginProviderMounted();
    if (early) open(early.detail);
    return () => {
      window.removeEventListener(OPEN_LOGIN_EVENT, onOpen);
      loginProviderUnmounted();
    };
  }, []);

  // /login?login=1&redirectTo=… (the no-JS fallback of every login entry) opens the dialog on arrival.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.get("login") !== "1") return;
    if (viewer) {
      const target = safeRedirect(params.get("redirectTo"));
      if (target) location.replace(target);
      return;
    }
    setState({ open: true, redirectTo: safeRedirect(params.get("redirectTo")) ?? defaultTarget(), mounted: true });
  }, [viewer]);

  if (!state.mounted) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog open={state.open} redirectTo={state.redirectTo} onClose={() => setState((s) => ({ ...s, open: false }))} />
    </Suspense>
  );
}
