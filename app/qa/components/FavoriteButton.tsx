// Favourite toggle on someone else's answer (spec 2 §4–§5; hidden on own answers by the caller):
// POST /api/qa/common/favoriteAndUnfavorite, contentType 1, into the default category.
import { useState } from "react";
import { StarFilled, StarOutlined } from "@ant-design/icons";
import { ACTION, CONTENT_TYPE } from "../../../workers/contract/qa-constants";
import { useRootData } from "../../lib/use-root-data";
import { ensureLogin, qaCall, toastOk } from "../client";

export function FavoriteButton({ answerId, isFavorite }: { answerId: number; isFavorite: 0 | 1 }) {
  const { viewer } = useRootData();
  const [on, setOn] = useState(isFavorite === 1);
  const [busy, setBusy] = useState(false);
  async function toggle() {
    if (!ensureLogin(viewer) || busy) return;
    setBusy(true);
    const res = await qaCall<{ isFavorite: 0 | 1 }>("common/favoriteAndUnfavorite", {
      contentId: answerId,
      contentType: CONTENT_TYPE.FAVORITE_ANSWER,
      actionType: on ? ACTION.UNDO : ACTION.DO,
      userId: viewer?.userId,
    });
    setBusy(false);
    if (res.ok && res.data) {
      setOn(res.data.isFavorite === 1);
      toastOk(res.msg);
    }
  }
  return (
    <button type="button" className={`qa-action${on ? " is-active" : ""}`} aria-pressed={on} onClick={() => void toggle()} disabled={busy}>
      {on ? <StarFilled aria-hidden="true" /> : <StarOutlined aria-hidden="true" />} {on ? "已收藏" : "收藏"}
    </button>
  );
}
