// Toasts (antd `message`) loaded on first use: the notification code is about 20 KB of gzipped JavaScript that
// every public page shipped at load for a toast most visits never show (issue 23: public pages ≤ 200 KB).
type Kind = "success" | "error" | "warning" | "info";

let loading: Promise<typeof import("antd/es/message").default> | null = null;
const messageApi = () => (loading ??= import("antd/es/message").then((m) => m.default));

/** Shows a toast of this kind; resolves once it is on screen (callers need not wait). */
export async function toast(kind: Kind, text: string): Promise<void> {
  const message = await messageApi();
  void message[kind](text);
}

/** Starts loading the toast code now (before an action whose answer will be toasted). */
export function preloadToast(): void {
  void messageApi();
}

// Every toast answers something the user did: loading starts at their first press or key, so the code is there
// by the time the answer arrives (a 登录成功 followed at once by a redirect still shows), and a visit that never
// acts never downloads it.
if (typeof document !== "undefined") {
  for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, preloadToast, { once: true, capture: true, passive: true });
}
