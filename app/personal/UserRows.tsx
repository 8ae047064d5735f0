// A list of users (fans or follows) with follow / unfollow toggles.
import { Avatar, Button } from "antd";
import { useState } from "react";
import { QA_MSG } from "../../workers/contract/qa-constants";
import type { RelationUser } from "../../workers/contract/qa-personal-constants";
import { avatarUrl } from "../lib/viewer";
import { callResult, client } from "../lib/api-client";
import { toastOk, userHref } from "./client";

export function FollowToggle({ userId, initial, name }: { userId: number; initial: "0" | "1"; name: string }) {
  const [state, setState] = useState(initial);
  const [hover, setHover] = useState(false);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    const res = await callResult((o) => client.api.qa.common.followAndUnfollow.$post({ json: { followUserId: userId, actionType: state === "1" ? 1 : 0 } }, o));
    setBusy(false);
    if (!res.ok || !res.data) return;
    setState(res.data.isFollow);
    toastOk(res.data.isFollow === "1" ? QA_MSG.followed : QA_MSG.unfollowed);
  };
  const followed = state === "1";
  return (
    <Button
      size="small"
      type={followed ? "default" : "primary"}
      loading={busy}
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      onFocus={() => setHover(true)}
      onBlur={() => setHover(false)}
      onClick={() => void toggle()}
      aria-pressed={followed}
    >
      {followed ? (hover ? "取消关注" : "已关注") : "关注"}
      <span className="visually-hidden">{name}</span>
    </Button>
  );
}

export function UserRows({ users, empty }: { users: RelationUser[]; empty: string }) {
  if (!users.length) return <p className="personal-empty">{empty}</p>;
  return (
    <ul className="personal-list">
      {users.map((u) => (
        <li key={u.userId} className="personal-item">
          <Avatar src={avatarUrl(u.photo)} size={44} alt="" />
          <div className="personal-item__body">
            <h3 className="personal-item__title">
              <a href={userHref(u.userId)}>{u.name}</a>
            </h3>
            <p className="personal-item__meta">关注于 {u.followDate}</p>
          </div>
          <div className="personal-item__actions">{!u.isSelf && <FollowToggle userId={u.userId} initial={u.isFollow} name={u.name} />}</div>
        </li>
      ))}
    </ul>
  );
}
