// Logged-in header entry: avatar, name and the live message badge; a popover menu with settings and logout.
import { Avatar, Badge, Popover } from "antd";
import { useLocation } from "react-router";
import { BADGE_MAX } from "../../../workers/contract/portal";
import { useMessageCount } from "../../lib/use-message-channel";
import type { Viewer } from "../../lib/viewer";
import { OK } from "../../lib/api";
import { call, client } from "../../lib/api-client";

/** Settings target depends on the area (spec 1 §2 header and menus). */
export function settingsPathFor(pathname: string): string {
  if (pathname === "/homePage") return "/homeUser";
  if (pathname.startsWith("/energySavingQA") || pathname.startsWith("/personal") || pathname.startsWith("/otherUser") || pathname === "/questions" || pathname === "/answer") {
    return "/personal/settings";
  }
  return "/setting";
}

/** Spec 1 §4: on success say 退出成功, then go to the login address (a full load clears all session state). */
export async function logout() {
  // A failure goes to the login address all the same (transport errors are only logged, spec 1 §8).
  const res = await call((o) => client.api.user.logout.$post({}, o), { silent: true });
  if (res.code === OK) {
    const { default: message } = await import("antd/es/message");
    void message.success("退出成功");
    await new Promise((r) => setTimeout(r, 700));
  }
  location.assign("/login");
}

export function UserMenu({ viewer }: { viewer: Viewer }) {
  const { pathname } = useLocation();
  const [count] = useMessageCount(viewer.userId, viewer.messageCount);
  const settings = settingsPathFor(pathname);
  return (
    <Popover
      placement="bottomRight"
      trigger={["hover", "focus"]}
      arrow={false}
      content={
        <ul className="user-menu__list">
          <li>
            <a href={settings}>个人设置</a>
          </li>
          <li>
            <a href="/personal/message">消息通知</a>
          </li>
          <li>
            <button type="button" className="link-button" onClick={() => void logout()}>
              退出登录
            </button>
          </li>
        </ul>
      }
    >
      <a className="user-menu" href={settings}>
        <Badge count={count} overflowCount={BADGE_MAX} size="small">
          <Avatar src={viewer.avatarUrl} alt="" size={32} />
        </Badge>
        <span className="user-menu__name">{viewer.name}</span>
        {/* The badge number is visible; screen readers also hear what it counts. */}
        <span className="visually-hidden">{count > 0 ? `，${count} 条未读消息` : "，暂无未读消息"}</span>
      </a>
    </Popover>
  );
}
