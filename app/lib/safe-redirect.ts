// Post-login targets: same-site paths only ("/x", never "//host" or "https://…"). Kept free of imports so the
// always-loaded LoginProvider and login gate stay tiny.

// The sign-in pages themselves: a visitor who logs in from one of them wants the site, not the form again (and the
// OAuth callbacks hold one-time codes). Not /loginUser (the user centre) nor /wenkuLogin (an authorisation in
// progress, which a login should resume).
const AUTH_PAGE = /^\/(login|loginMobile|register|registerMobile|forgetPassword|phoneValid|qqlogin|weixinlogin)(?=$|[/?#])/;

export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return null;
  if (AUTH_PAGE.test(target)) return null;
  return target;
}
