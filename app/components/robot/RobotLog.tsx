// The robot chat's message list: left (robot) and right (user) bubbles, action links, related questions to ask by
// click, community question links, and QR code images.
import type { Ref } from "react";
import type { RobotQuestion } from "../../../workers/contract/qa-personal-constants";
import type { Msg } from "./messages";

function LeftExtras({ m, onAsk }: { m: Extract<Msg, { kind: "left" }>; onAsk: (q: RobotQuestion) => void }) {
  return (
    <>
      {m.action && (
        <>
          <br />
          <a className="robot-msg__action" href={m.action.href}>
            {m.action.label} &gt;
          </a>
        </>
      )}
      {m.links && m.links.length > 0 && (
        <div>
          <p className="robot-guess__title">能源问答里的相关问题</p>
          <ul className="robot-guess">
            {m.links.map((q) => (
              <li key={q.id}>
                <a href={q.href}>{q.questionTitle}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {m.list && m.list.length > 0 && (
        <div>
          {m.listTitle && <p className="robot-guess__title">{m.listTitle}</p>}
          <ul className="robot-guess">
            {m.list.map((q) => (
              <li key={q.aiQuestionId}>
                <button type="button" onClick={() => onAsk(q)}>
                  {q.aiQuestionName}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

export function RobotLog({ log, onAsk, listRef }: { log: Msg[]; onAsk: (q: RobotQuestion) => void; listRef: Ref<HTMLOListElement> }) {
  return (
    <ol className="robot-log" ref={listRef} aria-live="polite">
      {log.map((m) =>
        m.kind === "code" ? (
          <li key={m.id} className="robot-msg robot-msg--code">
            <img src={m.image} alt="二维码" width={140} height={140} />
            <span>{m.caption}</span>
          </li>
        ) : (
          <li key={m.id} className={`robot-msg robot-msg--${m.kind}`} data-kind={m.kind}>
            {m.text}
            {m.kind === "left" && <LeftExtras m={m} onAsk={onAsk} />}
          </li>
        ),
      )}
    </ol>
  );
}
