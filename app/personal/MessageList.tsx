// Message list of one tab (spec 2 §2, §4): an unread item is marked read after the pointer rests on it for about
// 5 s, or when it receives keyboard focus. The server then pushes the negative delta to every open page, so the
// header badge falls too.
import { useEffect, useRef } from "react";
import { MARK_READ_HOVER_MS, type MessageItem } from "../../workers/contract/qa-personal-constants";
import { detailHref, userHref } from "./client";

function Actor({ m }: { m: MessageItem }) {
  const p = m.publisherList[0];
  if (!p) return <strong>系统通知</strong>;
  return p.publisherId ? <a href={userHref(p.publisherId)}>{p.publisherName}</a> : <strong>{p.publisherName}</strong>;
}

const TARGET = { 2: "回答", 3: "评论", 4: "回复" } as Record<number, string>;

function Line({ m }: { m: MessageItem }) {
  // An answer message is about the reader's own question: open it with the author's hint (isHint).
  const href = m.questionId ? `${detailHref(m.questionId)}${m.kind === "answer" ? "&isHint=1" : ""}` : "";
  const question = m.questionId && m.questionTitle ? (m.questionDeleted ? <span>《{m.questionTitle}》</span> : <a href={href}>《{m.questionTitle}》</a>) : null;
  switch (m.kind) {
    case "answer":
      return <p><Actor m={m} /> 回答了你的问题 {question}</p>;
    case "comment":
      return <p><Actor m={m} /> {m.targetType === 2 ? "评论了你的回答" : `回复了你的${TARGET[m.targetType ?? 3] ?? "评论"}`} {question}</p>;
    case "follow":
      return <p><Actor m={m} /> 关注了你</p>;
    case "praise":
      return <p><Actor m={m} /> 赞了你的{TARGET[m.targetType ?? 2] ?? "回答"} {question}</p>;
    default:
      return <p><Actor m={m} /></p>;
  }
}

/** Site paths inside a system message (e.g. the data-export download link) become links; nothing else is markup. */
const SITE_PATH = /(\/(?:api\/account\/export\/[0-9a-f]+\/download|personal\/[a-z]+))/g;

function SystemText({ text }: { text: string }) {
  const parts = text.split(SITE_PATH);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // No download attribute: the zip comes with Content-Disposition: attachment, and an expired link then opens
          // the server's Chinese explanation instead of a failed download.
          <a key={i} href={part} className="message-item__link">
            {part.endsWith("/download") ? "点击下载" : part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

function Item({ m, onRead }: { m: MessageItem; onRead: (id: number) => void }) {
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const unread = m.isRead === 0;
  useEffect(() => () => clearTimeout(timer.current), []);
  const start = () => {
    if (!unread) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onRead(m.messageId), MARK_READ_HOVER_MS);
  };
  const stop = () => clearTimeout(timer.current);
  return (
    <li
      className={`message-item${unread ? " is-unread" : ""}`}
      tabIndex={0}
      data-message-id={m.messageId}
      data-unread={unread ? "1" : "0"}
      aria-label={unread ? "未读消息" : "已读消息"}
      onMouseEnter={start}
      onMouseLeave={stop}
      onFocus={() => unread && onRead(m.messageId)}
    >
      <Line m={m} />
      {m.content && (m.kind === "system" ? <p><SystemText text={m.content} /></p> : <p className="message-item__quote">{m.content}</p>)}
      <span className="message-item__time">{m.createDate}</span>
    </li>
  );
}

export function MessageList({ items, onRead }: { items: MessageItem[]; onRead: (id: number) => void }) {
  if (!items.length) return <p className="personal-empty">暂无消息</p>;
  return (
    <ul className="personal-list" aria-label="消息列表">
      {items.map((m) => (
        <Item key={m.messageId} m={m} onRead={onRead} />
      ))}
    </ul>
  );
}
