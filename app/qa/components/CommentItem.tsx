// One comment of an answer with its replies: names, times, text, likes, 回复 (opens the reply box), 举报, the note a
// held item shows its author, and 获取更多回复 while more replies exist. State lives in CommentPanel.
import type { ReactNode } from "react";
import { CONTENT_TYPE, REPLY_PAGE_SIZE, type CommentView, type ReplyView } from "../../../workers/contract/qa-constants";
import { DEFAULT_AVATAR } from "../../lib/viewer";
import type { LikeButton } from "./LikeButton";
import { ReportButton } from "./ReportButton";

export interface CommentState extends CommentView {
  replyPages: number;
}

export interface Target {
  commentId: number;
  replyId: number | null;
  name: string;
}

/**
 * The like button, handed down from the answer that opened the panel: the page already loaded it, and an import here
 * would make this lazily loaded chunk import the page's chunk (a longer preload list and a route facade chunk).
 */
export type LikeControl = typeof LikeButton;

interface ReplyActions {
  Like: LikeControl;
  viewerId: number | undefined;
  openReply: (t: Target) => void;
  replyBox: (t: Target, receiver: number) => ReactNode;
}

function ReplyItem({ r, commentId, Like, viewerId, openReply, replyBox }: ReplyActions & { r: ReplyView; commentId: number }) {
  return (
    <li className="qa-reply">
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
          <Like contentId={r.id} contentType={CONTENT_TYPE.REPLY} isPraised={r.isPraised} praisedCount={r.praisedCount} small />
          {!r.ownOnlyNote && (
            <button type="button" className="qa-action qa-action--small" onClick={() => openReply({ commentId, replyId: r.replyId, name: r.publisherName })}>
              回复
            </button>
          )}
          {r.userId !== viewerId && <ReportButton targetType="reply" targetId={r.id} small />}
        </div>
        {r.ownOnlyNote && (
          <p className="qa-note" role="note">
            {r.ownOnlyNote}
          </p>
        )}
        {replyBox({ commentId, replyId: r.replyId, name: r.publisherName }, r.userId)}
      </div>
    </li>
  );
}

export function CommentItem({ c, Like, viewerId, openReply, replyBox, onMoreReplies }: ReplyActions & { c: CommentState; onMoreReplies: () => void }) {
  return (
    <li className="qa-comment">
      <img className="qa-avatar qa-avatar--small" src={c.userPhoto || DEFAULT_AVATAR} alt="" width={28} height={28} loading="lazy" />
      <div className="qa-comment__body">
        <div className="qa-comment__head">
          <span className="qa-comment__name">{c.userName}</span>
          <time className="qa-muted">{c.createDate.slice(0, 16)}</time>
        </div>
        <p className="qa-comment__text">{c.assessmentContent}</p>
        <div className="qa-comment__actions">
          <Like contentId={c.id} contentType={CONTENT_TYPE.COMMENT} isPraised={c.isPraised} praisedCount={c.praisedCount} small />
          <button type="button" className="qa-action qa-action--small" onClick={() => openReply({ commentId: c.id, replyId: null, name: c.userName })}>
            回复
          </button>
          {c.userId !== viewerId && <ReportButton targetType="comment" targetId={c.id} small />}
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
              <ReplyItem key={r.id} r={r} commentId={c.id} Like={Like} viewerId={viewerId} openReply={openReply} replyBox={replyBox} />
            ))}
          </ul>
        )}
        {c.hasMore && c.replyItemList.length >= REPLY_PAGE_SIZE && (
          <button type="button" className="link-button qa-more-replies" onClick={onMoreReplies}>
            获取更多回复
          </button>
        )}
      </div>
    </li>
  );
}
