// 收藏 control for an answer (spec 2 §2, §5): favourite into a chosen or new category, or unfavourite. Hidden on
// own answers. For the Q&A pages (detail page, favourites variant); calls /api/qa/common/favoriteAndUnfavorite.
import { Button, Input, Popover } from "antd";
import { StarFilled, StarOutlined } from "@ant-design/icons";
import { useState } from "react";
import { CATEGORY_NAME_MAX, PERSONAL_MSG, type CategoryView } from "../../workers/contract/qa-personal-constants";
import { openLogin } from "../lib/login-gate";
import { personalCall, toastOk } from "./client";

export function FavoritePicker({ answerId, initial, own, loggedIn }: { answerId: number; initial: 0 | 1; own: boolean; loggedIn: boolean }) {
  const [fav, setFav] = useState(initial);
  const [open, setOpen] = useState(false);
  const [cats, setCats] = useState<CategoryView[] | null>(null);
  const [name, setName] = useState("");
  if (own) return null;

  const load = async () => {
    const res = await personalCall<{ categoryList: CategoryView[] }>("favorite/category/queryPageByUser", { pageNo: 1, pageSize: 100 });
    if (res.ok && res.data) setCats(res.data.categoryList);
  };
  const favorite = async (categoryId: number) => {
    const res = await personalCall<{ isFavorite: 0 | 1 }>("common/favoriteAndUnfavorite", { contentId: answerId, actionType: 0, contentType: 1, categoryId });
    if (!res.ok) return;
    setFav(1);
    setOpen(false);
    toastOk(PERSONAL_MSG.favorited);
  };
  const create = async () => {
    const value = name.trim();
    if (!value) return;
    const res = await personalCall<CategoryView>("favorite/category/add", { categoryName: value });
    if (res.ok && res.data) {
      setName("");
      await favorite(res.data.id);
      await load();
    }
  };
  const onClick = async () => {
    if (!loggedIn) return openLogin();
    if (fav) {
      const res = await personalCall("common/favoriteAndUnfavorite", { contentId: answerId, actionType: 1, contentType: 1 });
      if (res.ok) {
        setFav(0);
        toastOk(PERSONAL_MSG.unfavorited);
      }
      return;
    }
    setOpen(true);
    await load();
  };
  return (
    <Popover
      open={open}
      onOpenChange={(v) => !v && setOpen(false)}
      trigger="click"
      title="收藏到"
      content={
        <div style={{ width: 220 }}>
          <ul style={{ listStyle: "none", margin: 0, padding: 0, maxHeight: 200, overflowY: "auto" }}>
            {(cats ?? []).map((c) => (
              <li key={c.id}>
                <Button type="text" block style={{ textAlign: "left" }} onClick={() => void favorite(c.id)}>
                  {c.categoryName}（{c.count}）
                </Button>
              </li>
            ))}
          </ul>
          <div style={{ display: "flex", gap: 6, marginTop: 8 }}>
            <Input size="small" value={name} maxLength={CATEGORY_NAME_MAX} placeholder="新建分类" aria-label="新建分类名称" onChange={(e) => setName(e.target.value)} onPressEnter={() => void create()} />
            <Button size="small" type="primary" onClick={() => void create()} disabled={!name.trim()}>
              新建并收藏
            </Button>
          </div>
        </div>
      }
    >
      <Button size="small" type="text" icon={fav ? <StarFilled /> : <StarOutlined />} aria-pressed={fav === 1} onClick={() => void onClick()}>
        {fav ? "已收藏" : "收藏"}
      </Button>
    </Popover>
  );
}
