// The platform menu (spec 1 §2): home, energy evaluation, energy Q&A, and the external book library.
export interface PlatformMenuItem {
  key: string;
  label: string;
  href: string;
  external?: boolean;
  /** Paths that count as "current" for this item. */
  match: (pathname: string) => boolean;
}

export function platformMenu(bookLibraryUrl: string): PlatformMenuItem[] {
  return [
    { key: "home", label: "首页", href: "/homePage", match: (p) => p === "/homePage" || p === "/homeUser" },
    {
      key: "evaluation",
      label: "节能评估",
      href: "/login",
      match: (p) => ["/login", "/about", "/electricDetail", "/machineDetail", "/costDetail", "/workbench"].includes(p),
    },
    {
      key: "qa",
      label: "能源问答",
      href: "/energySavingQA",
      match: (p) => p.startsWith("/energySavingQA") || p === "/questions" || p === "/answer" || p.startsWith("/personal") || p.startsWith("/otherUser"),
    },
    { key: "library", label: "双碳文库", href: bookLibraryUrl, external: true, match: () => false },
  ];
}

/** Where the login entry leads until a page offers its own dialog. */
export function loginHref(redirectTo?: string) {
  return redirectTo ? `/login?login=1&redirectTo=${encodeURIComponent(redirectTo)}` : "/login?login=1";
}
