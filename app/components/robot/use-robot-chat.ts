// The robot chat's state: greeting and 猜你想问 on mount, suggestions while typing, answers by id or by free text,
// and the closing prompt after the idle time without activity (spec 2 §2).
import { useCallback, useEffect, useRef, useState } from "react";
import { OK } from "../../lib/api";
import { ROBOT_IDLE_MS, type RobotQuestion, type RobotReply, type RobotSettings } from "../../../workers/contract/qa-personal-constants";
import { NETWORK_MSG, answerById, answerMessages, loadRobotStart, matchText, next, robotHints, type Msg } from "./messages";

function replyMessages(reply: RobotReply): Msg[] {
  if (reply.matched) return answerMessages(reply, reply.related, reply.related.length ? "您可能还想问" : undefined);
  return [{ id: next(), kind: "left", text: reply.aiAnswerContent, action: reply.action, list: reply.related, listTitle: reply.relatedTitle, links: reply.questions }];
}

export function useRobotChat(open: boolean) {
  const [settings, setSettings] = useState<RobotSettings | null>(null);
  const [log, setLog] = useState<Msg[]>([]);
  const [text, setText] = useState("");
  const [hints, setHints] = useState<RobotQuestion[]>([]);
  const [busy, setBusy] = useState(false);
  const idle = useRef<ReturnType<typeof setTimeout>>();
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
    void loadRobotStart().then(({ settings: conf, guess }) => {
      if (cancelled) return;
      setSettings(conf);
      push({ id: next(), kind: "left", text: conf?.greeting || "您好，我是智能助手小创，请问有什么可以帮您？", list: guess, listTitle: conf?.guessTitle || "猜你想问" });
    });
    return () => {
      cancelled = true;
      clearTimeout(idle.current);
    };
  }, [push]);

  useEffect(() => {
    if (open) touch();
    else clearTimeout(idle.current);
  }, [open, touch]);

  useEffect(() => {
    const q = text.trim();
    if (!q) return setHints([]);
    const t = setTimeout(async () => setHints(await robotHints(q)), 300);
    return () => clearTimeout(t);
  }, [text]);

  const askById = async (q: RobotQuestion) => {
    touch();
    setText("");
    setHints([]);
    push({ id: next(), kind: "right", text: q.aiQuestionName });
    const res = await answerById(q.aiQuestionId);
    if (res.code === OK && res.data) push(...answerMessages(res.data));
    else push({ id: next(), kind: "left", text: res.msg || NETWORK_MSG });
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
    const res = await matchText(q);
    setBusy(false);
    if (res.code !== OK || !res.data) push({ id: next(), kind: "left", text: res.msg || NETWORK_MSG });
    else push(...replyMessages(res.data));
    touch();
  };

  const type = (value: string) => {
    setText(value);
    touch();
  };

  return { log, text, hints, busy, touch, askById, send, type };
}
