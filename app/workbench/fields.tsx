// One field per question × repeat, subscribed to its own store entry (memoised; typing re-renders one field).
// Image fields (uploads) are in form/ImageField.tsx, loaded with the first image page.
import { memo, useCallback, useSyncExternalStore } from "react";
import { DatePicker, Input, Select, Tooltip } from "antd";
import { QuestionCircleOutlined } from "@ant-design/icons";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import type { QuestionView } from "../../workers/contract/workbench";
import { fieldKey, type FieldState, type FormStore } from "./form-store";

// The date picker's month and weekday names. Only this form uses dayjs: set here, not in the root, so public
// pages do not load it (issue 23 JS budgets).
dayjs.locale("zh-cn");

const TYPING_DEBOUNCE_MS = 600;

export function useField(store: FormStore, key: string): FieldState {
  const subscribe = useCallback((fn: () => void) => store.subscribe(key, fn), [store, key]);
  const get = useCallback(() => store.get(key), [store, key]);
  return useSyncExternalStore(subscribe, get, get);
}

export function Label({ q, htmlFor }: { q: QuestionView; htmlFor: string }) {
  return (
    <label className="wb-field__label" htmlFor={htmlFor}>
      {q.requiredFlag === 1 && (
        <span className="wb-field__required" aria-hidden="true">
          *
        </span>
      )}
      {q.questionName}
      {q.annotation && (
        <Tooltip title={q.annotation}>
          <QuestionCircleOutlined className="wb-field__hint" aria-label={`说明：${q.annotation}`} tabIndex={0} />
        </Tooltip>
      )}
    </label>
  );
}

export interface FieldProps {
  q: QuestionView;
  indexNo: number;
  store: FormStore;
  readOnly: boolean;
}

export const QuestionField = memo(function QuestionField({ q, indexNo, store, readOnly }: FieldProps) {
  const key = fieldKey(q.id, indexNo);
  const state = useField(store, key);
  const id = `q-${key.replace(":", "-")}`;
  const msgId = `${id}-msg`;
  const status = state.error || state.problem ? "error" : undefined;
  const a11y = { "aria-invalid": status ? true : undefined, "aria-describedby": status ? msgId : undefined };
  const v = state.value;
  let control: React.ReactNode;
  if (q.questionType === "select") {
    control = (
      <Select
        id={id}
        {...a11y}
        className="wb-field__control"
        status={status}
        disabled={readOnly}
        allowClear
        showSearch={{ optionFilterProp: "label" }}
        placeholder="请选择"
        value={v.answerOptionId ?? undefined}
        options={q.optionList.map((o) => ({ value: o.id, label: o.optionName }))}
        onChange={(value: number | undefined) => {
          const option = q.optionList.find((o) => o.id === value);
          store.edit(key, { answerOptionId: option?.id ?? null, optionContent: option?.optionName ?? "" });
        }}
      />
    );
  } else if (q.questionType === "date" || q.questionType === "month") {
    const month = q.questionType === "month";
    const format = month ? "YYYY-MM" : "YYYY-MM-DD";
    const parsed = v.optionContent ? dayjs(v.optionContent, format) : null;
    control = (
      <DatePicker
        id={id}
        {...a11y}
        className="wb-field__control"
        status={status}
        disabled={readOnly}
        picker={month ? "month" : "date"}
        format={format}
        placeholder={month ? "请选择月份" : "请选择日期"}
        value={parsed && parsed.isValid() ? parsed : null}
        onChange={(d) => store.edit(key, { optionContent: d ? d.format(format) : "" })}
      />
    );
  } else {
    control = (
      <Input
        id={id}
        {...a11y}
        className="wb-field__control"
        status={status}
        disabled={readOnly}
        inputMode={q.valueKind === "integer" ? "numeric" : q.valueKind === "number" ? "decimal" : undefined}
        placeholder="请输入"
        suffix={q.unit ? <span className="wb-field__unit">{q.unit}</span> : undefined}
        value={v.optionContent}
        maxLength={2000}
        onChange={(e) => store.edit(key, { optionContent: e.target.value }, TYPING_DEBOUNCE_MS)}
        onBlur={() => store.blur(key)}
      />
    );
  }
  return (
    <div className={`wb-field${status ? " wb-field--error" : ""}`} data-field={key}>
      <Label q={q} htmlFor={id} />
      {control}
      {state.error ? (
        <div className="wb-field__msg" id={msgId} role="alert">
          保存失败，正在重试
        </div>
      ) : state.problem ? (
        <div className="wb-field__msg" id={msgId} role={state.problem.kind === "value" || state.problem.kind === "cross" ? "alert" : undefined}>
          {state.problem.message}
        </div>
      ) : null}
    </div>
  );
});
