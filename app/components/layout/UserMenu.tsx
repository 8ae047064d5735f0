// Logged-in header entry: avatar, name and the live message badge; dropdown with settings and logout.
import { Avatar, Badge, Dropdown } from "antd";
import type { MenuProps } from "antd";
import { useLocation } from "@remix-run/react";
import { BADGE_MAX } from "../../../workers/contract/portal";
import { useMessageCount } from "../../lib/use-message-channel";
import type { Viewer } from "../../lib/viewer";

/** Settings target depends on the area (spec 1 §2 header and menus). */
export function settingsPathFor(pathname: string): string {
  if (pathname === "/homePage") return "/homeUser";
  if (pathname.startsWith("/energySavingQA") || pathname.startsWith("/personal") || pathname.startsWith("/otherUser") || pathname === "/questions" || pathname === "/answer") {
    return "/personal/settings";
  }
  return "/setting";
}

export async function logout() {
  try {
    await fetch("/api/user/logout", { method: "POST", credentials: "same-origin" });
  } finally {
    location.assign("/login");
  }
}

export function UserMenu({ viewer }: { viewer: Viewer }) {
  const { pathname } = useLocation();
  const [count] = useMessageCount(viewer.userId, viewer.messageCount);
  const settings = settingsPathFor(pathname);
  const items: MenuProps["items"] = [
    { key: "settings", label: <a href={settings}>个人设置</a> },
    { key: "messages", label: <a href="/personal/message">消息通知</a> },
    { type: "divider" },
    { key: "logout", label: "退出登录", onClick: () => void logout() },
  ];
  return (
    <Dropdown menu={{ items }} placement="bottomRight" trigger={["hover", "click"]}>
      <a className="user-menu" href={settings} aria-label={`${viewer.name}，${count} 条未读消息`}>
        <Badge count={count} overflowCount={BADGE_MAX} size="small">
          <Avatar src={viewer.avatarUrl} alt="" size={32} />
        </Badge>
        <span className="user-menu__name">{viewer.name}</span>
      </a>
    </Dropdown>
  );
}
