// The rich-text answer editor (Tiptap v3, browser only: loaded with lazy() from AnswerComposer).
// Chinese toolbar from antd buttons: 加粗, 列表, 链接, 图片上传 (/common/picture/upload), 代码.
// The server sanitises whatever HTML this produces (workers/services/qa/sanitize.ts).
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import Image from "@tiptap/extension-image";
import { Placeholder } from "@tiptap/extensions";
import { Button } from "antd";
import { useState } from "react";
import { QA_MSG } from "../../../workers/contract/qa-constants";
import { EditorToolbar, LinkBar } from "./AnswerEditorTools.client";

export interface AnswerEditorProps {
  initialHtml?: string;
  initialAnonymous?: boolean;
  submitLabel?: string;
  /** Resolves true when saved (the editor then stays as is; the caller closes it). */
  onSubmit: (html: string, isAnonymous: boolean) => Promise<boolean>;
  onCancel?: () => void;
  label?: string;
}

/** Only line breaks, blank paragraphs or spaces count as empty (spec 2 §5); an image alone is content. */
function isEmptyContent(text: string, html: string) {
  return text.replace(/[\s\u00a0\u200b]/g, "") === "" && !/<img\b/i.test(html);
}

export default function AnswerEditor({ initialHtml = "", initialAnonymous = false, submitLabel = "发布回答", onSubmit, onCancel, label = "回答内容" }: AnswerEditorProps) {
  const [anonymous, setAnonymous] = useState(initialAnonymous);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);

  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [3, 4] },
        link: { openOnClick: false, autolink: true, protocols: ["http", "https", "mailto"], HTMLAttributes: { rel: "noopener noreferrer", target: "_blank" } },
      }),
      Image.configure({ inline: false, allowBase64: false }),
      Placeholder.configure({ placeholder: "写下你的回答，分享经验与数据…" }),
    ],
    content: initialHtml,
    autofocus: "end",
    editorProps: {
      attributes: { class: "qa-editor__content", "aria-label": label, "aria-multiline": "true", role: "textbox" },
    },
    onUpdate: () => setError(""),
  });

  async function submit() {
    if (!editor || busy) return;
    const html = editor.getHTML();
    if (isEmptyContent(editor.getText(), html)) {
      setError(QA_MSG.empty);
      editor.commands.focus();
      return;
    }
    setBusy(true);
    try {
      await onSubmit(html, anonymous);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="qa-editor">
      <EditorToolbar editor={editor} linkOpen={linkOpen} onToggleLink={() => setLinkOpen((v) => !v)} />
      {linkOpen && editor && <LinkBar editor={editor} onClose={() => setLinkOpen(false)} onError={setError} />}
      <EditorContent editor={editor} className="qa-editor__area" />
      {error && (
        <p className="qa-error" role="alert">
          {error}
        </p>
      )}
      <div className="qa-editor__footer">
        <label className="qa-check">
          <input type="checkbox" checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} /> 匿名回答
        </label>
        <span className="qa-editor__buttons">
          {onCancel && <Button onClick={onCancel}>取消</Button>}
          <Button type="primary" loading={busy} onClick={() => void submit()} disabled={!editor}>
            {submitLabel}
          </Button>
        </span>
      </div>
    </div>
  );
}
