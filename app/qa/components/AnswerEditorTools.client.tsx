// The answer editor's toolbar (加粗, 列表, 编号, 链接, 图片上传, 代码) and its link bar; AnswerEditor holds the
// editor, the error line and the submit.
import { useEditorState, type Editor } from "@tiptap/react";
import { Button, Tooltip } from "antd";
import { BoldOutlined, CodeOutlined, LinkOutlined, OrderedListOutlined, PictureOutlined, UnorderedListOutlined } from "@ant-design/icons";
import { useId, useRef, useState } from "react";
import { PICTURE_ACCEPT, uploadPicture } from "../client";

interface ToolbarProps {
  editor: Editor | null;
  linkOpen: boolean;
  onToggleLink: () => void;
}

export function EditorToolbar({ editor, linkOpen, onToggleLink }: ToolbarProps) {
  const [uploading, setUploading] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e ? { bold: e.isActive("bold"), bullet: e.isActive("bulletList"), ordered: e.isActive("orderedList"), link: e.isActive("link"), code: e.isActive("codeBlock") } : null,
  });

  async function pickPicture(file: File | undefined) {
    if (!file || !editor) return;
    setUploading(true);
    const path = await uploadPicture(file);
    setUploading(false);
    if (path) editor.chain().focus().setImage({ src: path, alt: file.name.replace(/\.[^.]+$/, "") }).run();
  }

  const tool = (key: string, title: string, icon: React.ReactNode, on: boolean | undefined, run: () => void, disabled = false) => (
    <Tooltip title={title} key={key}>
      <Button type={on ? "primary" : "text"} size="small" icon={icon} aria-label={title} aria-pressed={Boolean(on)} onClick={run} disabled={!editor || disabled}>
        <span className="qa-editor__tool-label">{title}</span>
      </Button>
    </Tooltip>
  );

  return (
    <div className="qa-editor__toolbar" role="toolbar" aria-label="编辑工具">
      {tool("bold", "加粗", <BoldOutlined />, active?.bold, () => editor?.chain().focus().toggleBold().run())}
      {tool("bullet", "列表", <UnorderedListOutlined />, active?.bullet, () => editor?.chain().focus().toggleBulletList().run())}
      {tool("ordered", "编号", <OrderedListOutlined />, active?.ordered, () => editor?.chain().focus().toggleOrderedList().run())}
      {tool("link", "链接", <LinkOutlined />, active?.link || linkOpen, onToggleLink)}
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
  );
}

interface LinkBarProps {
  editor: Editor;
  onClose: () => void;
  onError: (msg: string) => void;
}

/** 链接: starts from the link under the cursor; empty removes it; only http(s) and mailto links are taken. */
export function LinkBar({ editor, onClose, onError }: LinkBarProps) {
  const [value, setValue] = useState(() => (editor.getAttributes("link").href as string | undefined) ?? "");
  const ids = useId();

  function apply() {
    const href = value.trim();
    if (!href) editor.chain().focus().extendMarkRange("link").unsetLink().run();
    else if (!/^(https?:\/\/|mailto:)/i.test(href)) {
      onError("链接需以 http:// 或 https:// 开头");
      return;
    } else if (editor.state.selection.empty && !editor.isActive("link")) {
      editor.chain().focus().insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] }).run();
    } else editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
    onClose();
  }

  return (
    <div className="qa-editor__link">
      <label htmlFor={`${ids}-link`} className="visually-hidden">
        链接地址
      </label>
      <input
        id={`${ids}-link`}
        className="qa-input"
        value={value}
        placeholder="https://"
        autoFocus
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            apply();
          }
        }}
      />
      <Button size="small" type="primary" onClick={apply}>
        确定
      </Button>
      <Button size="small" onClick={onClose}>
        取消
      </Button>
    </div>
  );
}
