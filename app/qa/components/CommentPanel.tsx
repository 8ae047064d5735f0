// Comments of one answer (10 a page) with their replies (5 at a time, 获取更多回复 while more exist),
// likes on both, and a reply box per comment or reply. Loaded when the panel opens.
import { useEffect, useState } from "react";
import { COMMENT_PAGE_SIZE, CONTENT_TYPE, REPLY_PAGE_SIZE, type CommentView, type ReplyView } from "../../../workers/contract/qa-constants";
import { useRootData } from "../../lib/use-root-data";
import { DEFAULT_AVATAR } from "../../lib/viewer";
import { callResult, client } from "../../lib/api-client";
import { ensureLogin, toastOk, toastWarn } from "../client";
import { LikeButton } from "./LikeButton";
import { ReportButton } from "./ReportButton";
import { TextComposer } from "./TextComposer";

interface CommentState extends CommentView {
  replyPages: number;
}

interface Target {
  commentId: number;
  replyId: number | null;
  name: string;
}

export function CommentPanel({ answerId, receiverId, onCountChange }: { answerId: number; receiverId: number | null; onCountChange: (delta: number) => void }) {
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
              <li key={c.id} className="qa-comment">
                <img className="qa-avatar qa-avatar--small" src={c.userPhoto || DEFAULT_AVATAR} alt="" width={28} height={28} loading="lazy" />
                <div className="qa-comment__body">
                  <div className="qa-comment__head">
                    <span className="qa-comment__name">{c.userName}</span>
                    <time className="qa-muted">{c.createDate.slice(0, 16)}</time>
                  </div>
                  <p className="qa-comment__text">{c.assessmentContent}</p>
                  <div className="qa-comment__actions">
                    <LikeButton contentId={c.id} contentType={CONTENT_TYPE.COMMENT} isPraised={c.isPraised} praisedCount={c.praisedCount} small />
                    <button type="button" className="qa-action qa-action--small" onClick={() => openReply({ commentId: c.id, replyId: null, name: c.userName })}>
                      回复
                    </button>
                    {c.userId !== viewer?.userId && <ReportButton targetType="comment" targetId={c.id} small />}
                  </div>
                  {c.ownOnlyNote && (
                    <p className="qa-note" role="note">
                      {c.ownOnlyNote}
                    </p>
                  )}
                  {replyBox({ commentId: c.id, replyId: null, name: c.userName }, c.userId)}
                  {c.replyItemList.length > 0 && (
                    <ul className="qa-reply-list">
                      {c.replyItemList.map((r) => (
                        <li key={r.id} className="qa-reply">
                          <img className="qa-avatar qa-avatar--tiny" src={r.publisherPhoto || DEFAULT_AVATAR} alt="" width={22} height={22} loading="lazy" />
                          <div className="qa-comment__body">
                            <div className="qa-comment__head">
                              <span className="qa-comment__name">{r.publisherName}</span>
                              {r.parentReplyId && (
                                <>
                                  <span className="qa-muted">回复</span>
                                  <span className="qa-comment__name">{r.receiverName}</span>
                                </>
                              )}
                              <time className="qa-muted">{r.createDate.slice(0, 16)}</time>
                            </div>
                            <p className="qa-comment__text">{r.replyContent}</p>
                            <div className="qa-comment__actions">
                              <LikeButton contentId={r.id} contentType={CONTENT_TYPE.REPLY} isPraised={r.isPraised} praisedCount={r.praisedCount} small />
                              {!r.ownOnlyNote && (
                                <button type="button" className="qa-action qa-action--small" onClick={() => openReply({ commentId: c.id, replyId: r.replyId, name: r.publisherName })}>
                                  回复
                                </button>
                              )}
                              {r.userId !== viewer?.userId && <ReportButton targetType="reply" targetId={r.id} small />}
                            </div>
                            {r.ownOnlyNote && (
                              <p className="qa-note" role="note">
                                {r.ownOnlyNote}
                              </p>
                            )}
                            {replyBox({ commentId: c.id, replyId: r.replyId, name: r.publisherName }, r.userId)}
                          </div>
                        </li>
                      ))}
                    </ul>
                  )}
                  {c.hasMore && c.replyItemList.length >= REPLY_PAGE_SIZE && (
                    <button type="button" className="link-button qa-more-replies" onClick={() => void moreReplies(c)}>
                      获取更多回复
                    </button>
                  )}
                </div>
              </li>
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
