// /personal/collection (spec 2 §2): my favourites — categories (create, rename, delete) and the favourited answers,
// searchable. Deleting a category moves its favourites to 默认收藏夹.
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction, useLoaderData, useLocation, useNavigate, useRevalidator } from "react-router";
import { useState } from "react";
import { Button, Popconfirm } from "antd";
import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { antdPersonalListCss } from "../styles/antd";
import personalCss from "../personal/personal.css?url";
import { PersonalShell } from "../personal/PersonalShell";
import { ListPager } from "../personal/ListPager";
import { SearchForm } from "../personal/SearchForm";
import { CategoryDialog } from "../personal/CategoryDialog";
import { callResult, client } from "../lib/api-client";
import { detailHref, toastOk, userHref } from "../personal/client";
import { personalPageData } from "../personal/personal.server";
import { categoryPage, favoritePage } from "../../workers/services/qa-personal/favorites";
import { CATEGORIES_MAX, PERSONAL_MSG, type CategoryView } from "../../workers/contract/qa-personal-constants";
import { QA_MSG } from "../../workers/contract/qa-constants";
import { SITE_NAME } from "../lib/site";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: antdPersonalListCss },
  { rel: "stylesheet", href: personalCss },
];
export const meta: MetaFunction = () => [{ title: `我的收藏 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const rawCategory = url.searchParams.get("category");
  const asNumber = rawCategory === null || rawCategory === "" ? null : Number(rawCategory);
  const { header, unread, data } = await personalPageData(request, context, async (db, me, _url, { pageNo, pageSize }) => {
    const categories = await categoryPage({ db, userId: me, pageNo: 1, pageSize: CATEGORIES_MAX + 1 });
    // An unknown or foreign category id shows all favourites.
    const category = asNumber !== null && categories.categoryList.some((c) => c.id === asNumber) ? asNumber : null;
    const page = await favoritePage({ db, userId: me, input: { categoryId: category, searchContent: q, pageNo, pageSize } });
    return { categories: categories.categoryList, page, category };
  });
  return { header, unread, categories: data?.categories ?? null, page: data?.page ?? null, q, category: data?.category ?? null };
}

export default function PersonalCollection() {
  const { header, unread, categories, page, q, category } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [dialog, setDialog] = useState<{ mode: "add" } | { mode: "rename"; cat: CategoryView } | null>(null);
  const total = categories?.reduce((n, c) => n + c.count, 0) ?? 0;

  const saveCategory = async (name: string) => {
    if (!dialog) return false;
    const res =
      dialog.mode === "add"
        ? await callResult((o) => client.api.qa.favorite.category.add.$post({ json: { categoryName: name } }, o))
        : await callResult((o) => client.api.qa.favorite.category.update.$post({ json: { id: dialog.cat.id, categoryName: name } }, o));
    if (!res.ok) return false;
    toastOk(dialog.mode === "add" ? PERSONAL_MSG.categoryCreated : QA_MSG.modified);
    revalidator.revalidate();
    return true;
  };
  const removeCategory = async (c: CategoryView) => {
    const res = await callResult((o) => client.api.qa.favorite.category.deleteById.$post({ json: { id: c.id } }, o));
    if (!res.ok) return;
    toastOk(QA_MSG.deleted);
    if (category === c.id) navigate(pathname);
    else revalidator.revalidate();
  };
  const unfavorite = async (answerId: number) => {
    const res = await callResult((o) => client.api.qa.common.favoriteAndUnfavorite.$post({ json: { contentId: answerId, actionType: 1, contentType: 1 } }, o));
    if (!res.ok) return;
    toastOk(PERSONAL_MSG.unfavorited);
    revalidator.revalidate();
  };
  const catHref = (id: number | null) => {
    const params = new URLSearchParams();
    if (id !== null) params.set("category", String(id));
    if (q) params.set("q", q);
    const qs = params.toString();
    return qs ? `?${qs}` : "?";
  };

  return (
    <PersonalShell active="collection" header={header} unread={unread}>
      {page && categories && (
        <section className="personal-card" aria-labelledby="collection-title">
          <div className="personal-toolbar">
            <h2 id="collection-title" className="personal-card__title">我的收藏</h2>
            <SearchForm value={q} label="搜索收藏" placeholder="搜索收藏的问题或回答" keep={["category"]} />
          </div>
          <div className="collection">
            <nav aria-label="收藏分类">
              <ul className="category-list">
                <li>
                  <a href={catHref(null)} aria-current={category === null ? "true" : undefined}>
                    全部收藏<span className="count">{total}</span>
                  </a>
                </li>
                {categories.map((c) => (
                  <li key={c.id}>
                    <a href={catHref(c.id)} aria-current={category === c.id ? "true" : undefined} title={c.categoryName}>
                      {c.categoryName}
                      <span className="count">{c.count}</span>
                    </a>
                    {!c.isDefault && (
                      <>
                        <Button size="small" type="text" icon={<EditOutlined />} aria-label={`重命名分类：${c.categoryName}`} onClick={() => setDialog({ mode: "rename", cat: c })} />
                        <Popconfirm
                          title="删除该分类？"
                          description="分类中的收藏会移到默认收藏夹。"
                          okText="删除"
                          cancelText="取消"
                          onConfirm={() => void removeCategory(c)}
                        >
                          <Button size="small" type="text" icon={<DeleteOutlined />} aria-label={`删除分类：${c.categoryName}`} />
                        </Popconfirm>
                      </>
                    )}
                  </li>
                ))}
              </ul>
              <Button block icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => setDialog({ mode: "add" })} disabled={categories.length > CATEGORIES_MAX}>
                新建分类
              </Button>
            </nav>
            <div>
              {page.favoriteList.length === 0 ? (
                <p className="personal-empty">{q ? "没有找到相关的收藏" : "还没有收藏，在回答下点击“收藏”即可保存到这里"}</p>
              ) : (
                <ul className="personal-list">
                  {page.favoriteList.map((f) => (
                    <li key={f.favoriteId} className="personal-item">
                      <div className="personal-item__body">
                        <h3 className="personal-item__title">
                          {f.unavailable ? <span>{f.questionTitle}</span> : <a href={`${detailHref(f.questionId)}&collection=${f.answerId}`}>{f.questionTitle}</a>}
                          <span className="personal-tag">{f.categoryName}</span>
                        </h3>
                        <p className="personal-item__text">{f.answerContent}</p>
                        <p className="personal-item__meta">
                          <span>{f.publisherId ? <a href={userHref(f.publisherId)}>{f.publisherName}</a> : f.publisherName}</span>
                          <span>收藏于 {f.favoriteDate}</span>
                          <span>{f.praisedCount} 赞</span>
                        </p>
                      </div>
                      <div className="personal-item__actions">
                        <Button size="small" onClick={() => void unfavorite(f.answerId)} aria-label={`取消收藏：${f.questionTitle}`}>
                          取消收藏
                        </Button>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
              <ListPager total={page.total} pageNo={page.pageNo} pageSize={page.pageSize} />
            </div>
          </div>
          <CategoryDialog
            open={dialog !== null}
            title={dialog?.mode === "rename" ? "重命名分类" : "新建分类"}
            initial={dialog?.mode === "rename" ? dialog.cat.categoryName : ""}
            onSubmit={saveCategory}
            onClose={() => setDialog(null)}
          />
        </section>
      )}
    </PersonalShell>
  );
}
