// The robot chat's log entries and the typed calls behind them (GET settings/question list, POST answers).
import { OK } from "../../lib/api";
import { call, client } from "../../lib/api-client";
import type { RobotAction, RobotAnswer, RobotCommunityQuestion, RobotQuestion } from "../../../workers/contract/qa-personal-constants";

export type Msg =
  | { id: number; kind: "left"; text: string; action?: RobotAction | null; list?: RobotQuestion[]; listTitle?: string; links?: RobotCommunityQuestion[] }
  | { id: number; kind: "right"; text: string }
  | { id: number; kind: "code"; image: string; caption: string };

let seq = 0;
export const next = () => ++seq;

export const NETWORK_MSG = "网络异常，请稍后重试";

const robot = client.common.aiServicer;

/** The panel's texts (greeting, closing prompt, idle time) and its 猜你想问 list, read once when it mounts. */
export async function loadRobotStart() {
  const [s, guess] = await Promise.all([
    call((o) => robot.settings.$get(undefined, o), { silent: true }),
    call((o) => robot.question.queryList.$get({ query: { queName: "" } }, o), { silent: true }),
  ]);
  return { settings: s.code === OK && s.data ? s.data : null, guess: guess.code === OK && guess.data ? guess.data : [] };
}

/** Keyword suggestions for the text being typed (same tokeniser as the search, on the server). */
export async function robotHints(q: string): Promise<RobotQuestion[]> {
  const res = await call((o) => robot.question.queryList.$get({ query: { queName: q } }, o), { silent: true });
  return res.code === OK && res.data ? res.data.slice(0, 5) : [];
}

export const answerById = (questionId: number) => call((o) => robot.answer.getByQuestionId.$post({ json: { questionId } }, o), { silent: true });

export const matchText = (text: string) => call((o) => robot.answer.match.$post({ json: { text } }, o), { silent: true });

/** An answer as log entries: its text (with action and related list) and, when it has one, its QR code image. */
export function answerMessages(a: Pick<RobotAnswer, "aiAnswerContent" | "aiAnswerImage" | "action">, related?: RobotQuestion[], relatedTitle?: string): Msg[] {
  const out: Msg[] = [{ id: next(), kind: "left", text: a.aiAnswerContent, action: a.action, list: related, listTitle: relatedTitle }];
  if (a.aiAnswerImage) out.push({ id: next(), kind: "code", image: a.aiAnswerImage, caption: "微信扫码" });
  return out;
}
