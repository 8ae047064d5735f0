// The owner's 编辑 / 删除 on their own answer (AnswerItem). Its own module, loaded only when the viewer has an answer on
// the page, so visitors' first download does not carry it (issue 23).
import { DeleteOutlined, EditOutlined } from "@ant-design/icons";

export default function OwnAnswerActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <button type="button" className="qa-action" onClick={onEdit}>
        <EditOutlined aria-hidden="true" /> 编辑
      </button>
      <button type="button" className="qa-action qa-action--danger" onClick={onDelete}>
        <DeleteOutlined aria-hidden="true" /> 删除
      </button>
    </>
  );
}
