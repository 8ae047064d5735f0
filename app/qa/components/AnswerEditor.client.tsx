// The rich-text answer editor (Tiptap v3, browser only: loaded with lazy() from AnswerComposer).
// Chinese toolbar from antd buttons: 加粗, 列表, 链接, 图片上传 (/common/picture/upload), 代码.
// The server sanitises whatever HTML this produces (workers/services/qa/sanitize.ts).
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import Image from "@tiptap/extension-image";
import { Placeholder } from "@tiptap/extensions";
import { Button, Tooltip } from "antd";
import { BoldOutlined, CodeOutlined, LinkOutlined, OrderedListOutlined, PictureOutlined, UnorderedListOutlined } from "@ant-design/icons";
import { useId, useRef, useState } from "react";
import { QA_MSG } from "../../../workers/contract/qa-constants";
import { PICTURE_ACCEPT, uploadPicture } from "../client";

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
  const [uploading, setUploading] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkValue, setLinkValue] = useState("");
  const fileRef = useRef<HTMLInputElement>(null);
  const ids = useId();

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

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive("bold"),
            bullet: e.isActive("bulletList"),
            ordered: e.isActive("orderedList"),
            link: e.isActive("link"),
            code: e.isActive("codeBlock"),
          }
        : null,
  });

  async function pickPicture(file: File | undefined) {
    if (!file || !editor) return;
    setUploading(true);
    const path = await uploadPicture(file);
    setUploading(false);
    if (path) editor.chain().focus().setImage({ src: path, alt: file.name.replace(/\.[^.]+$/, "") }).run();
  }

  function applyLink() {
    if (!editor) return;
    const href = linkValue.trim();
    if (!href) editor.chain().focus().extendMarkRange("link").unsetLink().run();
    else if (!/^(https?:\/\/|mailto:)/i.test(href)) {
      setError("链接需以 http:// 或 https:// 开头");
      return;
    } else if (editor.state.selection.empty && !editor.isActive("link")) {
      editor.chain().focus().insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] }).run();
    } else editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
    setLinkOpen(false);
    setLinkValue("");
  }

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

  const tool = (key: string, title: string, icon: React.ReactNode, on: boolean | undefined, run: () => void, disabled = false) => (
    <Tooltip title={title} key={key}>
      <Button type={on ? "primary" : "text"} size="small" icon={icon} aria-label={title} aria-pressed={Boolean(on)} onClick={run} disabled={!editor || disabled}>
        <span className="qa-editor__tool-label">{title}</span>
      </Button>
    </Tooltip>
  );

  return (
    <div className="qa-editor">
      <div className="qa-editor__toolbar" role="toolbar" aria-label="编辑工具">
        {tool("bold", "加粗", <BoldOutlined />, active?.bold, () => editor?.chain().focus().toggleBold().run())}
        {tool("bullet", "列表", <UnorderedListOutlined />, active?.bullet, () => editor?.chain().focus().toggleBulletList().run())}
        {tool("ordered", "编号", <OrderedListOutlined />, active?.ordered, () => editor?.chain().focus().toggleOrderedList().run())}
        {tool("link", "链接", <LinkOutlined />, active?.link || linkOpen, () => {
          setLinkValue((editor?.getAttributes("link").href as string | undefined) ?? "");
          setLinkOpen((v) => !v);
        })}
        {tool("image", "图片上传", <PictureOutlined />, false, () => fileRef.current?.click(), uploading)}
        {tool("code", "代码", <CodeOutlined />, active?.code, () => editor?.chain().focus().toggleCodeBlock().run())}
        <input
          ref={fileRef}
          type="file"
          accept={PICTURE_ACCEPT}
          hidden
          aria-label="上传图片"
          onChange={(e) => {
            void pickPicture(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
        {uploading && <span className="qa-muted">图片上传中…</span>}
      </div>
      {linkOpen && (
        <div className="qa-editor__link">
          <label htmlFor={`${ids}-link`} className="visually-hidden">
            链接地址
          </label>
          <input
            id={`${ids}-link`}
            className="qa-input"
            value={linkValue}
            placeholder="https://"
            autoFocus
            onChange={(e) => setLinkValue(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                applyLink();
              }
            }}
          />
          <Button size="small" type="primary" onClick={applyLink}>
            确定
          </Button>
          <Button size="small" onClick={() => setLinkOpen(false)}>
            取消
          </Button>
        </div>
      )}
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
