// Post-login targets: same-site paths only ("/x", never "//host" or "https://…"). Kept free of imports so the
// always-loaded LoginProvider stays tiny.
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return null;
  return target;
}
