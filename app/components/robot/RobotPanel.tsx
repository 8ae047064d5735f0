// Robot chat popover (spec 2 §2, spec 1 §2): greeting, 猜你想问 from the server, free text (Enter or send) matched by
// keywords on the server, answers, the not-understood reply with its suggested action, code-image (QR) messages, and
// a closing prompt after 60 s without activity. Texts come from GET /common/aiServicer/settings.
import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch, OK } from "../../lib/api";
import {
  ROBOT_IDLE_MS,
  ROBOT_TEXT_MAX,
  type RobotAction,
  type RobotAnswer,
  type RobotCommunityQuestion,
  type RobotQuestion,
  type RobotReply,
  type RobotSettings,
} from "../../../workers/contract/qa-personal-constants";
import robotCss from "./robot.css?url";

type Msg =
  | { id: number; kind: "left"; text: string; action?: RobotAction | null; list?: RobotQuestion[]; listTitle?: string; links?: RobotCommunityQuestion[] }
  | { id: number; kind: "right"; text: string }
  | { id: number; kind: "code"; image: string; caption: string };

let seq = 0;
const next = () => ++seq;

export default function RobotPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [settings, setSettings] = useState<RobotSettings | null>(null);
  const [log, setLog] = useState<Msg[]>([]);
  const [text, setText] = useState("");
  const [hints, setHints] = useState<RobotQuestion[]>([]);
  const [busy, setBusy] = useState(false);
  const idle = useRef<ReturnType<typeof setTimeout>>();
  const logRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const idleMs = settings?.idleMs ?? ROBOT_IDLE_MS;

  const push = useCallback((...m: Msg[]) => setLog((l) => [...l, ...m]), []);

  /** Restart the idle timer: after 60 s without activity the closing prompt is sent (once per idle period). */
  const touch = useCallback(() => {
    clearTimeout(idle.current);
    if (!settings?.closing) return;
    idle.current = setTimeout(() => push({ id: next(), kind: "left", text: settings.closing }), idleMs);
  }, [settings, idleMs, push]);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const [s, guess] = await Promise.all([
        apiFetch<RobotSettings>("/common/aiServicer/settings", { silent: true }),
        apiFetch<RobotQuestion[]>("/common/aiServicer/question/queryList?queName=", { silent: true }),
      ]);
      if (cancelled) return;
      const conf = s.code === OK && s.data ? s.data : null;
      setSettings(conf);
      push({
        id: next(),
        kind: "left",
        text: conf?.greeting || "您好，我是智能助手小创，请问有什么可以帮您？",
        list: guess.code === OK && guess.data ? guess.data : [],
        listTitle: conf?.guessTitle || "猜你想问",
      });
    })();
    return () => {
      cancelled = true;
      clearTimeout(idle.current);
    };
  }, [push]);

  useEffect(() => {
    if (open) {
      touch();
      inputRef.current?.focus();
    } else clearTimeout(idle.current);
  }, [open, touch]);

  useEffect(() => {
    logRef.current?.lastElementChild?.scrollIntoView({ block: "end" });
  }, [log]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, onClose]);

  // Keyword suggestions while typing (same tokeniser as the search, on the server).
  useEffect(() => {
    const q = text.trim();
    if (!q) return setHints([]);
    const t = setTimeout(async () => {
      const res = await apiFetch<RobotQuestion[]>(`/common/aiServicer/question/queryList?queName=${encodeURIComponent(q)}`, { silent: true });
      setHints(res.code === OK && res.data ? res.data.slice(0, 5) : []);
    }, 300);
    return () => clearTimeout(t);
  }, [text]);

  const showAnswer = (a: Pick<RobotAnswer, "aiAnswerContent" | "aiAnswerImage" | "action">, related?: RobotQuestion[], relatedTitle?: string) => {
    const out: Msg[] = [{ id: next(), kind: "left", text: a.aiAnswerContent, action: a.action, list: related, listTitle: relatedTitle }];
    if (a.aiAnswerImage) out.push({ id: next(), kind: "code", image: a.aiAnswerImage, caption: "微信扫码" });
    push(...out);
  };

  const askById = async (q: RobotQuestion) => {
    touch();
    setText("");
    setHints([]);
    push({ id: next(), kind: "right", text: q.aiQuestionName });
    const res = await apiFetch<RobotAnswer>("/common/aiServicer/answer/getByQuestionId", { body: { questionId: q.aiQuestionId }, silent: true });
    if (res.code === OK && res.data) showAnswer(res.data);
    else push({ id: next(), kind: "left", text: res.msg || "网络异常，请稍后重试" });
    touch();
  };

  const send = async () => {
    const q = text.trim();
    if (!q || busy) return;
    touch();
    setBusy(true);
    setText("");
    setHints([]);
    push({ id: next(), kind: "right", text: q });
    const res = await apiFetch<RobotReply>("/common/aiServicer/answer/match", { body: { text: q }, silent: true });
    setBusy(false);
    if (res.code !== OK || !res.data) push({ id: next(), kind: "left", text: res.msg || "网络异常，请稍后重试" });
    else if (res.data.matched) showAnswer(res.data, res.data.related, res.data.related.length ? "您可能还想问" : undefined);
    else
      push({
        id: next(),
        kind: "left",
        text: res.data.aiAnswerContent,
        action: res.data.action,
        list: res.data.related,
        listTitle: res.data.relatedTitle,
        links: res.data.questions,
      });
    touch();
  };

  return (
    <>
      <link rel="stylesheet" href={robotCss} />
      <section id="robot-panel" className="robot-panel" role="dialog" aria-label="智能助手小创" hidden={!open} onPointerDown={touch}>
        <header className="robot-panel__head">
          <h2>智能助手 · 小创</h2>
          <button type="button" className="robot-panel__close" aria-label="关闭智能助手" onClick={onClose}>
            ×
          </button>
        </header>
        <ol className="robot-log" ref={logRef} aria-live="polite">
          {log.map((m) =>
            m.kind === "code" ? (
              <li key={m.id} className="robot-msg robot-msg--code">
                <img src={m.image} alt="二维码" width={140} height={140} />
                <span>{m.caption}</span>
              </li>
            ) : (
              <li key={m.id} className={`robot-msg robot-msg--${m.kind}`} data-kind={m.kind}>
                {m.text}
                {m.kind === "left" && m.action && (
                  <>
                    <br />
                    <a className="robot-msg__action" href={m.action.href}>
                      {m.action.label} &gt;
                    </a>
                  </>
                )}
                {m.kind === "left" && m.links && m.links.length > 0 && (
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
                {m.kind === "left" && m.list && m.list.length > 0 && (
                  <div>
                    {m.listTitle && <p className="robot-guess__title">{m.listTitle}</p>}
                    <ul className="robot-guess">
                      {m.list.map((q) => (
                        <li key={q.aiQuestionId}>
                          <button type="button" onClick={() => void askById(q)}>
                            {q.aiQuestionName}
                          </button>
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </li>
            ),
          )}
        </ol>
        <form
          className="robot-input"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          {hints.length > 0 && (
            <ul className="robot-hints" aria-label="相关问题">
              {hints.map((h) => (
                <li key={h.aiQuestionId}>
                  <button type="button" onClick={() => void askById(h)}>
                    {h.aiQuestionName}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <label htmlFor="robot-text" className="visually-hidden">
            输入您的问题
          </label>
          <input
            id="robot-text"
            ref={inputRef}
            value={text}
            maxLength={ROBOT_TEXT_MAX}
            placeholder="请输入您的问题，按回车发送"
            autoComplete="off"
            onChange={(e) => {
              setText(e.target.value);
              touch();
            }}
          />
          <button type="submit" disabled={!text.trim() || busy}>
            发送
          </button>
        </form>
      </section>
    </>
  );
}
