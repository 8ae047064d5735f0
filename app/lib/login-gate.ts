// One way for any page to ask a visitor to log in (spec 1 §6: protected actions open the login dialog).
// The login dialog listens for this event; if no dialog is mounted, the visitor is taken to /login instead.
import { loginHref } from "./platform-menu";

export const OPEN_LOGIN_EVENT = "app:open-login";

export interface OpenLoginDetail {
  /** Where to go after a successful login; default: reload the current page. */
  redirectTo?: string;
  /** Set by the dialog when it handled the request. */
  handled?: boolean;
}

export function openLogin(detail: Omit<OpenLoginDetail, "handled"> = {}) {
  const event = new CustomEvent<OpenLoginDetail>(OPEN_LOGIN_EVENT, { detail: { ...detail } });
  window.dispatchEvent(event);
  if (!event.detail.handled) location.assign(loginHref(detail.redirectTo ?? location.pathname + location.search));
}
