// Comment / reply box (spec 2 §5): at most 200 characters with a counter; send disabled while empty.
import { useId, useState } from "react";
import { Button } from "antd";
import { COMMENT_MAX } from "../../../workers/contract/qa-constants";

export function TextComposer({ label, placeholder, sendLabel = "发布", onSend, autoFocus = false, onCancel }: { label: string; placeholder: string; sendLabel?: string; onSend: (text: string) => Promise<boolean>; autoFocus?: boolean; onCancel?: () => void }) {
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const id = useId();
  const empty = text.trim() === "";
  async function send() {
    if (empty || busy) return;
    setBusy(true);
    const ok = await onSend(text.trim());
    setBusy(false);
    if (ok) setText("");
  }
  return (
    <div className="qa-composer">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        id={id}
        className="qa-textarea"
        rows={2}
        value={text}
        maxLength={COMMENT_MAX}
        placeholder={placeholder}
        autoFocus={autoFocus}
        onChange={(e) => setText(e.target.value.slice(0, COMMENT_MAX))}
      />
      <div className="qa-composer__bar">
        <span className="qa-counter" aria-live="polite">
          {text.length}/{COMMENT_MAX}
        </span>
        {onCancel && (
          <Button size="small" onClick={onCancel}>
            取消
          </Button>
        )}
        <Button size="small" type="primary" disabled={empty} loading={busy} onClick={() => void send()}>
          {sendLabel}
        </Button>
      </div>
    </div>
  );
}
