// Ask / edit a question (spec 2 §5): title (required, ≤50), description, up to 5 pictures (jpg/png/gif/jpeg),
// up to 5 tag chips (existing tags or new ones), anonymous. Validated with the shared contract schema.
import { useId, useRef, useState } from "react";
import { Button } from "antd";
import { CloseOutlined, PlusOutlined } from "@ant-design/icons";
import { DESCRIPTION_MAX, PICTURES_MAX, TAG_NAME_MAX, TAGS_MAX, TITLE_MAX, QA_MSG, questionAddPayload, type TagView } from "../../../workers/contract/qa";
import { PICTURE_ACCEPT, pictureTypeOk, uploadPicture } from "../client";

export interface QuestionFormValues {
  questionTitle: string;
  questionDescription: string;
  pictureList: string[];
  /** Chosen tags: existing ones by id, new ones by name. */
  tags: { id?: number; tagName: string }[];
  isAnonymous: boolean;
}

export const emptyQuestion: QuestionFormValues = { questionTitle: "", questionDescription: "", pictureList: [], tags: [], isAnonymous: false };

/** The question/add payload for these values (tag ids where known, names for new tags). */
export function toPayload(v: QuestionFormValues) {
  return {
    questionTitle: v.questionTitle.trim(),
    questionDescription: v.questionDescription.trim(),
    pictureList: v.pictureList,
    tagList: v.tags.map((t) => (t.id ? t.id : t.tagName)),
    isAnonymous: v.isAnonymous ? (1 as const) : (0 as const),
  };
}

export function TagPicker({ value, onChange, allTags }: { value: QuestionFormValues["tags"]; onChange: (tags: QuestionFormValues["tags"]) => void; allTags: TagView[] }) {
  const [draft, setDraft] = useState("");
  const [error, setError] = useState("");
  const id = useId();
  const has = (name: string) => value.some((t) => t.tagName === name);
  function add(tag: { id?: number; tagName: string }) {
    const name = tag.tagName.trim();
    if (!name || has(name)) return;
    if (value.length >= TAGS_MAX) return setError(QA_MSG.tooManyTags);
    if (name.length > TAG_NAME_MAX) return setError(QA_MSG.tagTooLong);
    const known = tag.id ? tag : allTags.find((t) => t.tagName === name);
    onChange([...value, known ? { id: known.id, tagName: known.tagName } : { tagName: name }]);
    setError("");
    setDraft("");
  }
  const suggestions = allTags.filter((t) => !has(t.tagName) && (!draft.trim() || t.tagName.includes(draft.trim()))).slice(0, 24);
  return (
    <div className="qa-tagpicker">
      <ul className="qa-tags" aria-label="已选标签">
        {value.map((t) => (
          <li key={t.tagName} className="qa-tag qa-tag--chosen">
            {t.tagName}
            <button type="button" aria-label={`移除标签 ${t.tagName}`} onClick={() => onChange(value.filter((x) => x.tagName !== t.tagName))}>
              <CloseOutlined aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <div className="qa-tagpicker__input">
        <label htmlFor={id} className="visually-hidden">
          添加标签
        </label>
        <input
          id={id}
          className="qa-input"
          value={draft}
          maxLength={TAG_NAME_MAX}
          placeholder={value.length >= TAGS_MAX ? `最多 ${TAGS_MAX} 个标签` : "输入标签后回车，或从下方选择"}
          disabled={value.length >= TAGS_MAX}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add({ tagName: draft });
            }
          }}
        />
        <Button icon={<PlusOutlined />} onClick={() => add({ tagName: draft })} disabled={!draft.trim() || value.length >= TAGS_MAX}>
          添加
        </Button>
      </div>
      {error && (
        <p className="qa-error" role="alert">
          {error}
        </p>
      )}
      {suggestions.length > 0 && value.length < TAGS_MAX && (
        <div className="qa-tag-suggest" aria-label="可选标签">
          {suggestions.map((t) => (
            <button key={t.id} type="button" className="qa-tag qa-tag--option" onClick={() => add(t)}>
              {t.tagName}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** The title input with its character counter and error. */
function TitleField({ ids, value, error, onChange }: { ids: string; value: string; error?: string; onChange: (value: string) => void }) {
  return (
    <div className="qa-field">
      <label htmlFor={`${ids}-title`} className="qa-field__label">
        问题标题 <span className="qa-required">*</span>
      </label>
      <div className="qa-field__counted">
        <input
          id={`${ids}-title`}
          className="qa-input"
          value={value}
          maxLength={TITLE_MAX}
          placeholder="一句话说清你的问题，如：空压机加装变频能省多少电？"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${ids}-title-err` : undefined}
          onChange={(e) => onChange(e.target.value.slice(0, TITLE_MAX))}
        />
        <span className="qa-counter">
          {value.length}/{TITLE_MAX}
        </span>
      </div>
      {error && (
        <p className="qa-error" id={`${ids}-title-err`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Pictures of a question: thumbnails with 删除, 上传图片 (a hidden file input), and the field's error. */
function PictureField({ ids, pictures, uploading, error, onAdd, onRemove }: { ids: string; pictures: string[]; uploading: boolean; error?: string; onAdd: (files: FileList | null) => void; onRemove: (path: string) => void }) {
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <div className="qa-field">
      <span className="qa-field__label" id={`${ids}-pics`}>
        图片（最多 {PICTURES_MAX} 张，支持 jpg/png/gif/jpeg）
      </span>
      <ul className="qa-upload" aria-labelledby={`${ids}-pics`}>
        {pictures.map((p, i) => (
          <li key={p} className="qa-upload__item">
            <img src={p} alt={`已上传图片 ${i + 1}`} />
            <button type="button" aria-label={`删除图片 ${i + 1}`} onClick={() => onRemove(p)}>
              <CloseOutlined aria-hidden="true" />
            </button>
          </li>
        ))}
        {pictures.length < PICTURES_MAX && (
          <li>
            <button type="button" className="qa-upload__add" onClick={() => fileRef.current?.click()} disabled={uploading}>
              <PlusOutlined aria-hidden="true" />
              <span>{uploading ? "上传中…" : "上传图片"}</span>
            </button>
          </li>
        )}
      </ul>
      <input
        ref={fileRef}
        type="file"
        accept={PICTURE_ACCEPT}
        multiple
        hidden
        aria-label="选择图片"
        onChange={(e) => {
          onAdd(e.target.files);
          e.target.value = "";
        }}
      />
      {error && (
        <p className="qa-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function QuestionForm({
  initial = emptyQuestion,
  allTags,
  submitLabel,
  onSubmit,
  submitDisabled = false,
  onCancel,
}: {
  initial?: QuestionFormValues;
  allTags: TagView[];
  submitLabel: string;
  /** Called with valid values; the caller saves them. */
  onSubmit: (values: QuestionFormValues) => void | Promise<void>;
  submitDisabled?: boolean;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<"title" | "description" | "pictures" | "tags", string>>>({});
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const set = <K extends keyof QuestionFormValues>(k: K, v: QuestionFormValues[K]) => setValues((cur) => ({ ...cur, [k]: v }));

  async function addPictures(files: FileList | null) {
    if (!files?.length) return;
    const room = PICTURES_MAX - values.pictureList.length;
    if (room <= 0) return setErrors((e) => ({ ...e, pictures: QA_MSG.tooManyPictures }));
    setUploading(true);
    const added: string[] = [];
    let badType = false;
    for (const file of Array.from(files).slice(0, room)) {
      if (!pictureTypeOk(file)) badType = true;
      const path = await uploadPicture(file);
      if (path) added.push(path);
    }
    setUploading(false);
    setValues((cur) => ({ ...cur, pictureList: [...cur.pictureList, ...added].slice(0, PICTURES_MAX) }));
    setErrors((e) => ({ ...e, pictures: badType ? QA_MSG.uploadType : files.length > room ? QA_MSG.tooManyPictures : undefined }));
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const parsed = questionAddPayload.safeParse(toPayload(values));
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        const field = key === "questionTitle" ? "title" : key === "questionDescription" ? "description" : key === "pictureList" ? "pictures" : "tags";
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSubmit(values);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="qa-form" onSubmit={(e) => void submit(e)} noValidate>
      <TitleField
        ids={ids}
        value={values.questionTitle}
        error={errors.title}
        onChange={(v) => {
          set("questionTitle", v);
          if (errors.title) setErrors((x) => ({ ...x, title: undefined }));
        }}
      />
      <div className="qa-field">
        <label htmlFor={`${ids}-desc`} className="qa-field__label">
          问题描述（选填）
        </label>
        <textarea
          id={`${ids}-desc`}
          className="qa-textarea"
          rows={6}
          value={values.questionDescription}
          maxLength={DESCRIPTION_MAX}
          placeholder="补充设备参数、运行工况、已尝试的做法，能帮助专家更快给出准确回答"
          onChange={(e) => set("questionDescription", e.target.value)}
        />
        {errors.description && (
          <p className="qa-error" role="alert">
            {errors.description}
          </p>
        )}
      </div>
      <PictureField
        ids={ids}
        pictures={values.pictureList}
        uploading={uploading}
        error={errors.pictures}
        onAdd={(files) => void addPictures(files)}
        onRemove={(p) => set("pictureList", values.pictureList.filter((x) => x !== p))}
      />
      <div className="qa-field">
        <span className="qa-field__label">标签（最多 {TAGS_MAX} 个）</span>
        <TagPicker value={values.tags} onChange={(tags) => set("tags", tags)} allTags={allTags} />
        {errors.tags && (
          <p className="qa-error" role="alert">
            {errors.tags}
          </p>
        )}
      </div>
      <div className="qa-form__footer">
        <label className="qa-check">
          <input type="checkbox" checked={values.isAnonymous} onChange={(e) => set("isAnonymous", e.target.checked)} /> 匿名提问
        </label>
        <span className="qa-editor__buttons">
          {onCancel && <Button onClick={onCancel}>取消</Button>}
          <Button type="primary" htmlType="submit" loading={busy} disabled={submitDisabled || uploading}>
            {submitLabel}
          </Button>
        </span>
      </div>
    </form>
  );
}
