// Route rules from spec 1 §2: the paths a visitor without a token may open; everything else goes to /homePage.
const PUBLIC_PATHS = new Set([
  "/",
  "/registerMobile",
  "/loginMobile",
  "/energySavingQA",
  "/energySavingQA/details",
  "/questions",
  "/answer",
  "/login",
  "/register",
  "/forgetPassword",
  "/phoneValid",
  "/weixinlogin",
  "/qqlogin",
  "/wenkuLogin",
  "/homePage",
  "/personal/settings",
  "/personal/question",
  "/personal/answer",
  "/personal/message",
  "/otherUser/list",
  "/about",
  "/electricDetail",
  "/machineDetail",
  "/costDetail",
  "/handle",
  "/sitemap.xml",
]);

/** Local-only developer pages (SMS outbox, dev OAuth) are served only when APP_ENV is local. */
const DEV_PREFIX = "/dev/";

export function isPublicPath(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return PUBLIC_PATHS.has(p) || p.startsWith(DEV_PREFIX);
}

export const HOME_PATH = "/homePage";
