// 收藏 control for an answer (spec 2 §2, §4–§5): favourite into a chosen or new category, or unfavourite. Hidden on
// own answers. Used by the Q&A detail page's answers; calls /api/qa/common/favoriteAndUnfavorite (contentType 1).
import { Button, Input, Popover } from "antd";
import { StarFilled, StarOutlined } from "@ant-design/icons";
import { useId, useState } from "react";
import { CATEGORY_NAME_MAX, PERSONAL_MSG, type CategoryView } from "../../../workers/contract/qa-personal-constants";
import { ACTION, CONTENT_TYPE } from "../../../workers/contract/qa-constants";
import { openLogin } from "../../lib/login-gate";
import { callResult, client } from "../../lib/api-client";
import { toastOk } from "../client";

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
  const [name, setName] = useState("");
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
    toastOk(PERSONAL_MSG.favorited);
  };
  const create = async () => {
    const value = name.trim();
    if (!value || busy) return;
    const res = await callResult((o) => client.api.qa.favorite.category.add.$post({ json: { categoryName: value } }, o));
    if (res.ok && res.data) {
      setName("");
      setCats(null);
      await favorite(res.data.id);
    }
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
        toastOk(PERSONAL_MSG.unfavorited);
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
        <div className="favorite-picker" role="group" aria-labelledby={titleId}>
          {cats === null ? (
            <p className="favorite-picker__loading">加载中…</p>
          ) : (
            <ul className="favorite-picker__list">
              {cats.map((c) => (
                <li key={c.id}>
                  <Button type="text" block disabled={busy} onClick={() => void favorite(c.id)}>
                    {c.categoryName}（{c.count}）
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <div className="favorite-picker__create">
            <Input size="small" value={name} maxLength={CATEGORY_NAME_MAX} placeholder="新建分类" aria-label="新建分类名称" onChange={(e) => setName(e.target.value)} onPressEnter={() => void create()} />
            <Button size="small" type="primary" onClick={() => void create()} disabled={!name.trim() || busy}>
              新建并收藏
            </Button>
          </div>
        </div>
      }
    >
      <button type="button" className={`${className}${fav ? " is-active" : ""}`} aria-pressed={fav === 1} aria-expanded={fav ? undefined : open} disabled={busy} onClick={() => void onClick()}>
        {fav ? <StarFilled aria-hidden="true" /> : <StarOutlined aria-hidden="true" />} {fav ? "已收藏" : "收藏"}
      </button>
    </Popover>
  );
}
