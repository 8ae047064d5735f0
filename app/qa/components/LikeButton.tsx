// Like toggle for answers (2), comments (3) and replies (4): action 0 likes, 1 undoes; the state comes back
// from the server and is applied locally (spec 2 §4).
import { useState } from "react";
import { LikeFilled, LikeOutlined } from "@ant-design/icons";
import { ACTION, type CONTENT_TYPE } from "../../../workers/contract/qa-constants";
import { useRootData } from "../../lib/use-root-data";
import { callResult, client } from "../../lib/api-client";
import { ensureLogin, toastOk } from "../client";

type LikeType = (typeof CONTENT_TYPE)["ANSWER" | "COMMENT" | "REPLY"];

export function LikeButton({ contentId, contentType, isPraised, praisedCount, small = false }: { contentId: number; contentType: LikeType; isPraised: 0 | 1; praisedCount: number; small?: boolean }) {
  const { viewer } = useRootData();
  const [state, setState] = useState({ isPraised, praisedCount });
  const [busy, setBusy] = useState(false);
  async function toggle() {
    if (!ensureLogin(viewer) || busy) return;
    setBusy(true);
    const res = await callResult((o) => client.api.qa.common.praiseAndUnpraise.$post({ json: {
      id: contentId,
      contentId,
      contentType,
      actionType: state.isPraised ? ACTION.UNDO : ACTION.DO,
    } }, o));
    setBusy(false);
    if (res.ok && res.data) {
      setState({ isPraised: res.data.isPraised ? 1 : 0, praisedCount: res.data.praisedCount });
      toastOk(res.msg);
    }
  }
  const liked = state.isPraised === 1;
  return (
    <button
      type="button"
      className={`qa-action${liked ? " is-active" : ""}${small ? " qa-action--small" : ""}`}
      aria-pressed={liked}
      aria-label={`${liked ? "取消点赞" : "点赞"}，${state.praisedCount} 个赞`}
      onClick={() => void toggle()}
      disabled={busy}
    >
      {liked ? <LikeFilled aria-hidden="true" /> : <LikeOutlined aria-hidden="true" />} <span className="qa-action__count">{state.praisedCount}</span>
    </button>
  );
}
