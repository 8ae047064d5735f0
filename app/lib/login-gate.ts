// One way for any page to ask a visitor to log in (spec 1 §6: protected actions open the login dialog).
// The login dialog listens for this event; if no dialog is mounted, the visitor is taken to /login instead.
import { safeRedirect } from "./safe-redirect";
import { loginHref } from "./platform-menu";

export const OPEN_LOGIN_EVENT = "app:open-login";

export interface OpenLoginDetail {
  /** Where to go after a successful login; default: reload the current page. */
  redirectTo?: string;
  /** Set by the dialog when it handled the request. */
  handled?: boolean;
}

// A click can land between hydration's commit, which arms the buttons, and its passive effects, which mount the
// dialog's listener. Such a request waits here for the provider instead of leaving the page; the fallback to /login
// only runs if no provider mounts within PROVIDER_WAIT_MS.
const PROVIDER_WAIT_MS = 1_000;
let providerMounted = false;
let waiting: { detail: OpenLoginDetail; timer: ReturnType<typeof setTimeout> } | null = null;

function leaveForLoginPage(detail: OpenLoginDetail) {
  const back = safeRedirect(detail.redirectTo ?? location.pathname + location.search);
  location.assign(loginHref(back ?? undefined));
}

export function openLogin(detail: Omit<OpenLoginDetail, "handled"> = {}) {
  const event = new CustomEvent<OpenLoginDetail>(OPEN_LOGIN_EVENT, { detail: { ...detail } });
  window.dispatchEvent(event);
  if (event.detail.handled) return;
  if (providerMounted) return leaveForLoginPage(detail);
  if (waiting) clearTimeout(waiting.timer);
  const request = { ...detail };
  waiting = {
    detail: request,
    timer: setTimeout(() => {
      waiting = null;
      leaveForLoginPage(request);
    }, PROVIDER_WAIT_MS),
  };
}

/** Called by the login provider once its listener is attached: answers a request made before, if any. */
export function loginProviderMounted(): { detail: OpenLoginDetail } | null {
  providerMounted = true;
  const pending = waiting;
  if (!pending) return null;
  clearTimeout(pending.timer);
  waiting = null;
  return { detail: pending.detail };
}

export function loginProviderUnmounted() {
  providerMounted = false;
}
