// The robot chat's input: free text (Enter or 发送) with keyword suggestions above it.
import type { Ref } from "react";
import { ROBOT_TEXT_MAX, type RobotQuestion } from "../../../workers/contract/qa-personal-constants";

interface RobotInputProps {
  text: string;
  hints: RobotQuestion[];
  busy: boolean;
  inputRef: Ref<HTMLInputElement>;
  onType: (value: string) => void;
  onSend: () => void;
  onAsk: (q: RobotQuestion) => void;
}

export function RobotInput({ text, hints, busy, inputRef, onType, onSend, onAsk }: RobotInputProps) {
  return (
    <form
      className="robot-input"
      onSubmit={(e) => {
        e.preventDefault();
        onSend();
      }}
    >
      {hints.length > 0 && (
        <ul className="robot-hints" aria-label="相关问题">
          {hints.map((h) => (
            <li key={h.aiQuestionId}>
              <button type="button" onClick={() => onAsk(h)}>
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
        onChange={(e) => onType(e.target.value)}
      />
      <button type="submit" disabled={!text.trim() || busy}>
        发送
      </button>
    </form>
  );
}
