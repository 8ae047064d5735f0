// 收藏 control for an answer (spec 2 §2, §4–§5): favourite into a chosen or new category, or unfavourite. Hidden on
// own answers. Used by the Q&A detail page's answers; calls /api/qa/common/favoriteAndUnfavorite (contentType 1).
import { Popover } from "antd";
import { StarFilled, StarOutlined } from "@ant-design/icons";
import { Suspense, lazy, useId, useState } from "react";
import type { CategoryView } from "../../../workers/contract/qa-personal-constants";
import { ACTION, CONTENT_TYPE } from "../../../workers/contract/qa-constants";
import { openLogin } from "../../lib/login-gate";
import { callResult, client } from "../../lib/api-client";
import { toastOk } from "../client";

// The popover's body (with antd's Input) loads on the first open.
const FavoritePickerPanel = lazy(() => import("./FavoritePickerPanel"));

export function FavoritePicker({
  answerId,
  initial,
  own,
  loggedIn,
  className = "qa-action",
}: {
  answerId: number;
  initial: 0 | 1;
  own: boolean;
  loggedIn: boolean;
  /** The trigger's class: the Q&A action style by default. */
  className?: string;
}) {
  const [fav, setFav] = useState(initial);
  const [open, setOpen] = useState(false);
  const [cats, setCats] = useState<CategoryView[] | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  if (own) return null;

  const load = async () => {
    const res = await callResult((o) => client.api.qa.favorite.category.queryPageByUser.$post({ json: { pageNo: 1, pageSize: 100 } }, o));
    if (res.ok && res.data) setCats(res.data.categoryList);
  };
  const favorite = async (categoryId: number) => {
    if (busy) return;
    setBusy(true);
    const res = await callResult((o) => client.api.qa.common.favoriteAndUnfavorite.$post({ json: {
      contentId: answerId,
      actionType: ACTION.DO,
      contentType: CONTENT_TYPE.FAVORITE_ANSWER,
      categoryId,
    } }, o));
    setBusy(false);
    if (!res.ok) return;
    setFav(1);
    setOpen(false);
    // The server says 收藏成功 / 已取消收藏 (PERSONAL_MSG); its msg keeps the constants out of this chunk.
    toastOk(res.msg);
  };
  const create = async (categoryName: string) => {
    const res = await callResult((o) => client.api.qa.favorite.category.add.$post({ json: { categoryName } }, o));
    if (!res.ok || !res.data) return false;
    setCats(null);
    await favorite(res.data.id);
    return true;
  };
  const onClick = async () => {
    if (!loggedIn) return openLogin();
    if (busy) return;
    if (fav) {
      setBusy(true);
      const res = await callResult((o) => client.api.qa.common.favoriteAndUnfavorite.$post({ json: { contentId: answerId, actionType: ACTION.UNDO, contentType: CONTENT_TYPE.FAVORITE_ANSWER } }, o));
      setBusy(false);
      if (res.ok) {
        setFav(0);
        toastOk(res.msg);
      }
      return;
    }
    setOpen((v) => !v);
    // Counts change as the user favourites elsewhere: read the categories on every open.
    await load();
  };
  return (
    <Popover
      open={open}
      onOpenChange={(v) => !v && setOpen(false)}
      trigger="click"
      placement="bottom"
      title={<span id={titleId}>收藏到</span>}
      content={
        <Suspense fallback={<p className="favorite-picker__loading">加载中…</p>}>
          <FavoritePickerPanel titleId={titleId} cats={cats} busy={busy} onFavorite={(id) => void favorite(id)} onCreate={create} />
        </Suspense>
      }
    >
      <button type="button" className={`${className}${fav ? " is-active" : ""}`} aria-pressed={fav === 1} aria-expanded={fav ? undefined : open} disabled={busy} onClick={() => void onClick()}>
        {fav ? <StarFilled aria-hidden="true" /> : <StarOutlined aria-hidden="true" />} {fav ? "已收藏" : "收藏"}
      </button>
    </Popover>
  );
}
