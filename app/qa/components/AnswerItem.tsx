// One answer: author (photo, name → profile; anonymous: 匿名用户, no photo, no link), date, the sanitised body
// (collapsed over 500 px with 展开/收起), likes, comments, favourite into a category (not on own answers), follow (not on self
// or anonymous authors), and the owner's 编辑/删除 while the answer is normal.
import { Suspense, lazy, useEffect, useRef, useState } from "react";
import { MessageOutlined } from "@ant-design/icons";
import { ANSWER_STATUS, COLLAPSE_HEIGHT_PX, CONTENT_TYPE, type AnswerView } from "../../../workers/contract/qa-constants";
import { useRootData } from "../../lib/use-root-data";
import { DEFAULT_AVATAR } from "../../lib/viewer";
import { FavoritePicker } from "./FavoritePicker";
import { FollowButton } from "./FollowButton";
import { LikeButton } from "./LikeButton";
import { ReportButton } from "./ReportButton";

// Comments load when a reader opens them (most views never do).
const CommentPanel = lazy(() => import("./CommentPanel").then((m) => ({ default: m.CommentPanel })));

export const profileHref = (userId: number) => `/otherUser/list?userId=${userId}`;

function CollapsibleBody({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [long, setLong] = useState(false);
  const [expanded, setExpanded] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setLong(el.scrollHeight > COLLAPSE_HEIGHT_PX);
    check();
    const ro = typeof ResizeObserver !== "undefined" ? new ResizeObserver(check) : null;
    ro?.observe(el);
    const imgs = Array.from(el.querySelectorAll("img"));
    imgs.forEach((img) => img.addEventListener("load", check));
    return () => {
      ro?.disconnect();
      imgs.forEach((img) => img.removeEventListener("load", check));
    };
  }, [html]);
  const collapsed = long && !expanded;
  return (
    <>
      {/* answerContent is HTML sanitised by the server (sanitizeAnswerHtml) before it was stored. */}
      <div ref={ref} className={`qa-answer__body qa-rich${collapsed ? " is-collapsed" : ""}`} style={collapsed ? { maxHeight: COLLAPSE_HEIGHT_PX } : undefined} dangerouslySetInnerHTML={{ __html: html }} />
      {long && (
        <button type="button" className="link-button qa-answer__toggle" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
          {expanded ? "收起" : "展开阅读全文"}
        </button>
      )}
    </>
  );
}

export function AnswerItem({
  answer,
  commentsOpen,
  onToggleComments,
  onEdit,
  onDelete,
}: {
  answer: AnswerView;
  commentsOpen: boolean;
  onToggleComments: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { viewer } = useRootData();
  const [replyCount, setReplyCount] = useState(answer.replyCount);
  const own = answer.isPublisher === "1";
  // The owner's 编辑/删除 icons arrive after mount (not lazy components: a boundary left dehydrated breaks hydration).
  const [ownIcons, setOwnIcons] = useState<typeof import("./OwnAnswerActions") | null>(null);
  useEffect(() => {
    if (own) void import("./OwnAnswerActions").then(setOwnIcons);
  }, [own]);
  const anonymous = answer.publisherId === null;
  const normal = answer.status === ANSWER_STATUS.NORMAL;
  const canFollow = !own && !anonymous && viewer?.userId !== answer.publisherId;
  return (
    <article className={`qa-answer${own ? " qa-answer--own" : ""}`} id={`answer-${answer.id}`} aria-labelledby={`answer-${answer.id}-author`}>
      <header className="qa-answer__head">
        {anonymous ? (
          <img className="qa-avatar" src={DEFAULT_AVATAR} alt="" width={40} height={40} />
        ) : (
          <a href={profileHref(answer.publisherId!)} tabIndex={-1} aria-hidden="true">
            <img className="qa-avatar" src={answer.publisherPhoto || DEFAULT_AVATAR} alt="" width={40} height={40} loading="lazy" />
          </a>
        )}
        <div className="qa-answer__who">
          {anonymous ? (
            <span className="qa-answer__name" id={`answer-${answer.id}-author`}>
              {answer.publisherName}
            </span>
          ) : (
            <a className="qa-answer__name" id={`answer-${answer.id}-author`} href={profileHref(answer.publisherId!)}>
              {answer.publisherName}
            </a>
          )}
          {own && <span className="qa-badge">我的回答</span>}
          <time className="qa-muted" dateTime={new Date(answer.createTime).toISOString()}>
            {answer.createDate.slice(0, 16)}
          </time>
        </div>
        {canFollow && <FollowButton followUserId={answer.publisherId!} answerId={answer.id} isFollow={answer.isFollow} name={answer.publisherName} />}
      </header>
      {answer.ownOnlyNote && (
        <p className="qa-note" role="note">
          {answer.ownOnlyNote}
        </p>
      )}
      <CollapsibleBody html={answer.answerContent} />
      {normal && (
        <footer className="qa-answer__actions">
          <LikeButton contentId={answer.id} contentType={CONTENT_TYPE.ANSWER} isPraised={answer.isPraised} praisedCount={answer.praisedCount} />
          <button type="button" className={`qa-action${commentsOpen ? " is-active" : ""}`} aria-expanded={commentsOpen} onClick={onToggleComments}>
            <MessageOutlined aria-hidden="true" /> {commentsOpen ? "收起评论" : `${replyCount} 条评论`}
          </button>
          {!own && <FavoritePicker answerId={answer.id} initial={answer.isFavorite} own={own} loggedIn={Boolean(viewer)} />}
          {!own && <ReportButton targetType="answer" targetId={answer.id} />}
          {own && (
            <>
              <button type="button" className="qa-action" onClick={onEdit}>
                {ownIcons && <ownIcons.EditOutlined aria-hidden="true" />} 编辑
              </button>
              <button type="button" className="qa-action qa-action--danger" onClick={onDelete}>
                {ownIcons && <ownIcons.DeleteOutlined aria-hidden="true" />} 删除
              </button>
            </>
          )}
        </footer>
      )}
      {normal && commentsOpen && (
        <Suspense fallback={<p className="qa-muted">加载中…</p>}>
          <CommentPanel Like={LikeButton} answerId={answer.id} receiverId={answer.publisherId} onCountChange={(d) => setReplyCount((n) => n + d)} />
        </Suspense>
      )}
    </article>
  );
}
