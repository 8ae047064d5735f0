// Live checklist under a new-password field (spec 1 §5), from the shared passwordChecklist().
import { CheckCircleFilled, CloseCircleOutlined } from "@ant-design/icons";
import { passwordChecklist } from "../../workers/contract/accounts";

export function PasswordChecklist({ value }: { value: string | undefined }) {
  const checks = passwordChecklist(value ?? "");
  return (
    <ul className="pw-checklist" aria-label="密码要求">
      {checks.map((c) => (
        <li key={c.key} className={c.ok ? "is-ok" : undefined}>
          {c.ok ? <CheckCircleFilled aria-hidden /> : <CloseCircleOutlined aria-hidden />}
          <span>{c.label}</span>
          <span className="visually-hidden">{c.ok ? "（已满足）" : "（未满足）"}</span>
        </li>
      ))}
    </ul>
  );
}
