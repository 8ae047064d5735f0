// Create or rename a favourite category.
import { Input, Modal } from "antd";
import { useEffect, useState } from "react";
import { CATEGORY_NAME_MAX, PERSONAL_MSG } from "../../workers/contract/qa-personal-constants";

export function CategoryDialog({
  open,
  title,
  initial = "",
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  initial?: string;
  onSubmit: (name: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setName(initial);
      setError("");
    }
  }, [open, initial]);
  const submit = async () => {
    const value = name.trim();
    if (!value) return setError(PERSONAL_MSG.categoryNameEmpty);
    if (value.length > CATEGORY_NAME_MAX) return setError(PERSONAL_MSG.categoryNameTooLong);
    setBusy(true);
    const done = await onSubmit(value);
    setBusy(false);
    if (done) onClose();
  };
  return (
    <Modal open={open} title={title} okText="确定" cancelText="取消" confirmLoading={busy} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      <label htmlFor="category-name" className="visually-hidden">
        分类名称
      </label>
      <Input
        id="category-name"
        value={name}
        maxLength={CATEGORY_NAME_MAX}
        showCount
        placeholder="请输入分类名称"
        onChange={(e) => {
          setName(e.target.value);
          setError("");
        }}
        onPressEnter={() => void submit()}
        status={error ? "error" : undefined}
        aria-invalid={!!error}
        aria-describedby={error ? "category-name-error" : undefined}
        autoFocus
      />
      {error && (
        <p id="category-name-error" className="qa-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
