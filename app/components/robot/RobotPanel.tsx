// Robot chat popover (spec 2 §2, spec 1 §2): greeting, 猜你想问 from the server, free text (Enter or send) matched by
// keywords on the server, answers, the not-understood reply with its suggested action, code-image (QR) messages, and
// a closing prompt after 60 s without activity. Texts come from GET /common/aiServicer/settings. State and calls:
// use-robot-chat.ts; the log and the input are their own components.
import { useEffect, useRef } from "react";
import robotCss from "./robot.css?url";
import { useRobotChat } from "./use-robot-chat";
import { RobotLog } from "./RobotLog";
import { RobotInput } from "./RobotInput";

export default function RobotPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const chat = useRobotChat(open);
  const logRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  useEffect(() => {
    logRef.current?.lastElementChild?.scrollIntoView({ block: "end" });
  }, [chat.log]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, onClose]);

  const ask = (q: Parameters<typeof chat.askById>[0]) => void chat.askById(q);
  return (
    <>
      <link rel="stylesheet" href={robotCss} />
      <section id="robot-panel" className="robot-panel" role="dialog" aria-label="智能助手小创" hidden={!open} onPointerDown={chat.touch}>
        <header className="robot-panel__head">
          <h2>智能助手 · 小创</h2>
          <button type="button" className="robot-panel__close" aria-label="关闭智能助手" onClick={onClose}>
            ×
          </button>
        </header>
        <RobotLog log={chat.log} onAsk={ask} listRef={logRef} />
        <RobotInput text={chat.text} hints={chat.hints} busy={chat.busy} inputRef={inputRef} onType={chat.type} onSend={() => void chat.send()} onAsk={ask} />
      </section>
    </>
  );
}
