// One page of the survey form: each section's repeats as collapsible panels (coloured, with their progress), the
// fields of each repeat, and the repeat actions (继续填写, 删除). Image fields load with the first image page.
import { Suspense, lazy, memo, useCallback, useMemo, useState } from "react";
import { Button, Collapse, Modal, Popconfirm, Tag } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { SECTION_COLOUR_CYCLE, repeatLabel, type MoldView, type PageView } from "../../../workers/contract/workbench";
import type { FormStore } from "../form-store";
import { QuestionField } from "../fields";
import { PALETTE, defaultKeys, moldsOf } from "./layout";
import { RepeatProgress, SectionProgress, ShownGroup, ShownQuestion } from "./parts";

// Uploads (antd Upload and its list) are only on image pages, usually the last.
const ImageField = lazy(() => import("./ImageField").then((m) => ({ default: m.ImageField })));

/** Which panels of each page are open (the first repeat of each section until the user changes it). */
export function useOpenPanels() {
  const [open, setOpen] = useState<Record<number, string[]>>({});
  const activeKeys = (p: PageView) => open[p.id] ?? defaultKeys(p);
  /** Open more panels of a page (functional, so stale closures never drop panels the user opened). */
  const openPanels = useCallback((p: PageView, keys: string[]) => setOpen((o) => ({ ...o, [p.id]: [...new Set([...(o[p.id] ?? defaultKeys(p)), ...keys])] })), []);
  const setActive = useCallback((p: PageView, keys: string[]) => setOpen((o) => ({ ...o, [p.id]: keys })), []);
  return { activeKeys, openPanels, setActive };
}

interface RepeatBodyProps {
  mold: MoldView;
  indexNo: number;
  store: FormStore;
  readOnly: boolean;
}

const RepeatBody = memo(function RepeatBody({ mold, indexNo, store, readOnly }: RepeatBodyProps) {
  const Field = mold.kind === "image" ? ImageField : QuestionField;
  return (
    <div className="wb-repeat">
      {mold.groups.map((g) => (
        <ShownGroup key={g.moldName} store={store} group={g} mold={mold} indexNo={indexNo}>
          <fieldset className="wb-group">
            <legend className="wb-group__title">{g.moldName}</legend>
            <div className={mold.kind === "image" ? "wb-group__images" : "wb-group__grid"}>
              <Suspense fallback={null}>
                {g.questions.map((q) => (
                  <ShownQuestion key={q.id} store={store} q={q} mold={mold} indexNo={indexNo}>
                    <Field q={q} indexNo={indexNo} store={store} readOnly={readOnly} />
                  </ShownQuestion>
                ))}
              </Suspense>
            </div>
          </fieldset>
        </ShownGroup>
      ))}
    </div>
  );
});

function RepeatActions({ mold, indexNo, label, busy, onAdd, onDelete }: { mold: MoldView; indexNo: number; label: string; busy: boolean; onAdd: (m: MoldView) => void; onDelete: (m: MoldView, i: number) => void }) {
  const last = indexNo === mold.size - 1;
  // The repeat's actions sit in its body: a button inside the header would nest in its role=button.
  return (
    <div className="wb-repeat__more">
      {last && (
        <Button icon={<PlusOutlined />} onClick={() => onAdd(mold)} loading={busy}>
          继续填写
        </Button>
      )}
      {indexNo > 0 && (
        <Popconfirm title={`删除${label}？`} description="该组已填写的内容将一并删除" okText="删除" cancelText="取消" onConfirm={() => onDelete(mold, indexNo)}>
          <Button danger icon={<DeleteOutlined />} disabled={busy}>
            删除{label}
          </Button>
        </Popconfirm>
      )}
      {last && <span className="wb-repeat__count">共{mold.size}组</span>}
    </div>
  );
}

interface FormPageProps {
  page: PageView;
  store: FormStore;
  readOnly: boolean;
  /** The section whose repeat is being added or deleted. */
  busyMold: number | null;
  activeKeys: string[];
  onActiveChange: (keys: string[]) => void;
  onAdd: (mold: MoldView) => void;
  onDelete: (mold: MoldView, indexNo: number) => void;
}

export function FormPage({ page, store, readOnly, busyMold, activeKeys, onActiveChange, onAdd, onDelete }: FormPageProps) {
  const panels = useMemo(() => {
    let section = 0;
    return moldsOf(page).flatMap((mold) =>
      Array.from({ length: mold.size }, (_, i) => {
        const colour = PALETTE[section++ % SECTION_COLOUR_CYCLE]!;
        const label = mold.multiple === 1 ? repeatLabel(mold.moldName, i) : mold.moldName;
        return {
          key: `${mold.id}:${i}`,
          label: (
            <span className="wb-panel__title">
              {label}
              {mold.kind === "image" && <Tag className="wb-panel__tag">图片</Tag>}
              {mold.kind !== "image" && <RepeatProgress store={store} mold={mold} indexNo={i} />}
            </span>
          ),
          style: { borderLeft: `4px solid ${colour}`, ["--wb-colour" as string]: colour },
          className: "wb-panel",
          children: (
            <>
              <RepeatBody mold={mold} indexNo={i} store={store} readOnly={readOnly} />
              {mold.multiple === 1 && !readOnly && (i > 0 || i === mold.size - 1) && (
                <RepeatActions mold={mold} indexNo={i} label={label} busy={busyMold === mold.id} onAdd={onAdd} onDelete={onDelete} />
              )}
            </>
          ),
        };
      }),
    );
    // The handlers change identity each render; the panels depend on the page, store, mode and busy section.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, store, readOnly, busyMold]);

  return (
    <>
      {moldsOf(page)
        .filter((m) => m.multiple === 1 && m.kind !== "image")
        .map((m) => (
          <SectionProgress key={m.id} store={store} mold={m} />
        ))}
      <Collapse
        key={page.id}
        className="wb-collapse"
        activeKey={activeKeys}
        onChange={(keys) => onActiveChange(Array.isArray(keys) ? keys : [keys])}
        destroyOnHidden
        items={panels}
      />
    </>
  );
}

/** 保存并生成报告's confirmation (spec 3 §2). */
export function GenerateConfirm({ open, generating, onCancel, onConfirm }: { open: boolean; generating: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Modal
      title="关键信息再次确认"
      open={open}
      onCancel={onCancel}
      footer={[
        <Button key="back" onClick={onCancel}>
          返回修改
        </Button>,
        <Button key="ok" type="primary" loading={generating} onClick={onConfirm}>
          确认生成
        </Button>,
      ]}
    >
      <p>报告将根据当前填写的数据生成，请再次检查企业信息、电价和设备铭牌参数等关键信息是否准确。</p>
    </Modal>
  );
}
