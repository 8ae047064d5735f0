// The 收藏到 popover's body (FavoritePicker): the reader's categories and 新建分类. Its own module, loaded on the first
// open, so the detail page's first download does not carry antd's Input (issue 23: ~20 KiB gzip).
import { Button, Input } from "antd";
import { useState } from "react";
import { CATEGORY_NAME_MAX, type CategoryView } from "../../../workers/contract/qa-personal-constants";

export default function FavoritePickerPanel({
  titleId,
  cats,
  busy,
  onFavorite,
  onCreate,
}: {
  titleId: string;
  cats: CategoryView[] | null;
  busy: boolean;
  onFavorite: (categoryId: number) => void;
  /** Resolves true once the new category was made (the field is then cleared). */
  onCreate: (name: string) => Promise<boolean>;
}) {
  const [name, setName] = useState("");
  const create = async () => {
    const value = name.trim();
    if (!value || busy) return;
    if (await onCreate(value)) setName("");
  };
  return (
    <div className="favorite-picker" role="group" aria-labelledby={titleId}>
      {cats === null ? (
        <p className="favorite-picker__loading">加载中…</p>
      ) : (
        <ul className="favorite-picker__list">
          {cats.map((c) => (
            <li key={c.id}>
              <Button type="text" block disabled={busy} onClick={() => onFavorite(c.id)}>
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
  );
}
