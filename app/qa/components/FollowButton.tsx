// Follow toggle on an answer's author (spec 2 §4–§5): 关注 / 已关注, hover or focus offers 取消关注.
// Never rendered for the viewer's own answers or anonymous authors (the caller decides).
import { useState } from "react";
import { ACTION } from "../../../workers/contract/qa-constants";
import { useRootData } from "../../lib/use-root-data";
import { callResult, client } from "../../lib/api-client";
import { ensureLogin, toastOk } from "../client";

export function FollowButton({ followUserId, answerId, isFollow, name }: { followUserId: number; answerId: number; isFollow: "0" | "1"; name: string }) {
  const { viewer } = useRootData();
  const [followed, setFollowed] = useState(isFollow === "1");
  const [hover, setHover] = useState(false);
  const [busy, setBusy] = useState(false);
  async function toggle() {
    if (!ensureLogin(viewer) || busy) return;
    setBusy(true);
    const res = await callResult((o) => client.api.qa.common.followAndUnfollow.$post({ json: {
      userId: viewer?.userId,
      followUserId,
      answerId,
      actionType: followed ? ACTION.UNDO : ACTION.DO,
    } }, o));
    setBusy(false);
    if (res.ok && res.data) {
      setFollowed(res.data.isFollow === "1");
      setHover(false);
      toastOk(res.msg);
    }
  }
  const label = followed ? (hover ? "取消关注" : "已关注") : "关注";
  return (
    <button
      type="button"
      className={`qa-follow${followed ? " is-followed" : ""}`}
      aria-pressed={followed}
      aria-label={followed ? `已关注${name}，点击取消关注` : `关注${name}`}
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      onFocus={() => setHover(true)}
      onBlur={() => setHover(false)}
      onClick={() => void toggle()}
      disabled={busy}
    >
      {followed ? label : `+ ${label}`}
    </button>
  );
}
