// Comments of one answer (10 a page) with their replies (5 at a time, 获取更多回复 while more exist),
// likes on both, and a reply box per comment or reply. Loaded when the panel opens. One comment with its replies:
// CommentItem.tsx.
import { useEffect, useState } from "react";
import { COMMENT_PAGE_SIZE, REPLY_PAGE_SIZE } from "../../../workers/contract/qa-constants";
import { useRootData } from "../../lib/use-root-data";
import { callResult, client } from "../../lib/api-client";
import { ensureLogin, toastOk, toastWarn } from "../client";
import { CommentItem, type CommentState, type LikeControl, type Target } from "./CommentItem";
import { TextComposer } from "./TextComposer";


export function CommentPanel({ answerId, receiverId, onCountChange, Like }: { answerId: number; receiverId: number | null; onCountChange: (delta: number) => void; Like: LikeControl }) {
  const { viewer } = useRootData();
  const [comments, setComments] = useState<CommentState[]>([]);
  const [total, setTotal] = useState(0);
  const [pageNo, setPageNo] = useState(0);
  const [loading, setLoading] = useState(true);
  const [target, setTarget] = useState<Target | null>(null);

  async function loadComments(page: number) {
    setLoading(true);
    const res = await callResult((o) => client.api.qa.assessment.queryPageById.$post({ json: {
      answerId,
      pageNo: page,
      pageSize: COMMENT_PAGE_SIZE,
      userId: viewer?.userId,
    } }, o));
    setLoading(false);
    if (!res.ok || !res.data) return;
    const fresh = res.data.assessmentList.map((c) => ({ ...c, replyPages: 1 }));
    setComments((prev) => (page === 1 ? fresh : [...prev, ...fresh.filter((c) => !prev.some((p) => p.id === c.id))]));
    setTotal(res.data.total);
    setPageNo(page);
  }

  useEffect(() => {
    void loadComments(1);
  }, [answerId]); // eslint-disable-line react-hooks/exhaustive-deps

  async function addComment(text: string) {
    if (!ensureLogin(viewer)) return false;
    const res = await callResult((o) => client.api.qa.assessment.add.$post({ json: { answerId, assessmentContent: text, publisherId: viewer.userId, receiverId } }, o));
    if (!res.ok || !res.data) return false;
    // A keyword-held comment (docs/admin.md) is saved but not public yet: say so as a warning.
    if (res.data.held) toastWarn(res.msg);
    else toastOk(res.msg);
    setComments((prev) => [{ ...res.data!, replyPages: 1 }, ...prev]);
    setTotal((t) => t + 1);
    onCountChange(1);
    return true;
  }

  async function addReply(t: Target, text: string, receiver: number) {
    if (!ensureLogin(viewer)) return false;
    const res = await callResult((o) => client.api.qa.reply.add.$post({ json: { assessmentId: t.commentId, replyId: t.replyId ?? "", replyContent: text, publisherId: viewer.userId, receiverId: receiver } }, o));
    if (!res.ok || !res.data) return false;
    if (res.data.held) toastWarn(res.msg);
    else toastOk(res.msg);
    const reply = res.data;
    setComments((prev) => prev.map((c) => (c.id === t.commentId ? { ...c, replyCount: c.replyCount + 1, replyItemList: [...c.replyItemList, reply] } : c)));
    setTarget(null);
    onCountChange(1);
    return true;
  }

  async function moreReplies(c: CommentState) {
    const page = c.replyPages + 1;
    const res = await callResult((o) => client.api.qa.reply.queryPageById.$post({ json: {
      assessmentId: c.id,
      pageNo: page,
      pageSize: REPLY_PAGE_SIZE,
      userId: viewer?.userId,
    } }, o));
    if (!res.ok || !res.data) return;
    const got = res.data;
    setComments((prev) =>
      prev.map((x) =>
        x.id === c.id
          ? { ...x, replyPages: page, hasMore: got.hasMore, replyItemList: [...x.replyItemList, ...got.replyItemList.filter((r) => !x.replyItemList.some((y) => y.id === r.id))] }
          : x,
      ),
    );
  }

  const replyBox = (t: Target, receiver: number) =>
    target && target.commentId === t.commentId && target.replyId === t.replyId ? (
      <TextComposer label={`回复${t.name}`} placeholder={`回复 ${t.name}：`} sendLabel="回复" autoFocus onCancel={() => setTarget(null)} onSend={(text) => addReply(t, text, receiver)} />
    ) : null;

  const openReply = (t: Target) => {
    if (!ensureLogin(viewer)) return;
    setTarget((cur) => (cur && cur.commentId === t.commentId && cur.replyId === t.replyId ? null : t));
  };

  return (
    <div className="qa-comments" aria-label="评论区">
      <TextComposer label="写下你的评论" placeholder="写下你的评论…" onSend={addComment} />
      {loading && comments.length === 0 ? (
        <p className="qa-muted">评论加载中…</p>
      ) : comments.length === 0 ? (
        <p className="qa-muted">还没有评论，来说两句吧</p>
      ) : (
        <>
          <p className="qa-comments__count">{total} 条评论</p>
          <ul className="qa-comment-list">
            {comments.map((c) => (
              <CommentItem key={c.id} c={c} Like={Like} viewerId={viewer?.userId} openReply={openReply} replyBox={replyBox} onMoreReplies={() => void moreReplies(c)} />
            ))}
          </ul>
          {comments.length < total && (
            <button type="button" className="link-button qa-more" disabled={loading} onClick={() => void loadComments(pageNo + 1)}>
              {loading ? "加载中…" : "查看更多评论"}
            </button>
          )}
        </>
      )}
    </div>
  );
}
