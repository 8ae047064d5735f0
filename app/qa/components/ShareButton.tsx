// Share link (spec 2 §2): copies the question's URL and shows the spec's notice; a copy failure is only logged.
import { ShareAltOutlined } from "@ant-design/icons";
import { toastOk } from "../client";

export const SHARE_NOTICE = "链接已复制，快去分享给小伙伴吧～";

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Plain http on a LAN address has no Clipboard API: fall back to a selected textarea.
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const done = document.execCommand("copy");
  area.remove();
  if (!done) throw new Error("copy refused");
}

export function ShareButton({ url }: { url: string }) {
  return (
    <button
      type="button"
      className="qa-action"
      onClick={() => {
        copyText(url).then(
          () => toastOk(SHARE_NOTICE),
          (e) => console.warn("share copy failed", e),
        );
      }}
    >
      <ShareAltOutlined aria-hidden="true" /> 分享
    </button>
  );
}
