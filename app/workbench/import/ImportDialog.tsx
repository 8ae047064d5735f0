// The import wizard (spec 3 §2 import dialog, §4 import wizard, §5): 上传文件 → 校验数据 → 完成. Step 1 takes one
// xls/xlsx file (checked here with the same rule as the server); 下一步 asks the server to check it without writing
// anything (preview=1). Step 2 shows either the failure with every located problem and 重新上传, or what will be
// imported (the survey's name, each section's rows and filled fields) with 确认导入; success shows 导入成功 and 完成,
// which opens the new survey.
import { useState } from "react";
import { Button, Modal, Steps, message } from "antd";
import { OK } from "../../lib/api";
import { call, client } from "../../lib/api-client";
import { SHEET_MSG, type ImportPreview, type ImportProblem, type ImportResult } from "../../../workers/contract/spreadsheet";
import { DoneStep, FailureStep, PreviewStep, UploadStep, type ImportFailure } from "./ImportSteps";

/** A 20 MB upload over a slow office line takes a while; the server parses it in seconds. */
const IMPORT_TIMEOUT_MS = 180_000;

interface Props {
  open: boolean;
  typeId: number;
  onClose: () => void;
  onImported: (id: number) => void;
}

type Step = 0 | 1 | 2;

export function ImportDialog({ open, typeId, onClose, onImported }: Props) {
  const [step, setStep] = useState<Step>(0);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ImportFailure | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  const reset = () => {
    setStep(0);
    setFile(null);
    setFailure(null);
    setPreview(null);
    setResult(null);
  };

  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const downloadTemplate = async () => {
    const body = await call((o) => client.api.execl.survey.download.$get({ query: { type: String(typeId) } }, o));
    // The file answers as an attachment, so the page stays where it is.
    if (body.code === OK && body.data) window.location.assign(body.data);
  };

  /** Send the file: preview=true checks it and reports what would be imported; false creates the survey. */
  const send = async (asPreview: boolean) => {
    if (!file) {
      void message.warning(SHEET_MSG.noFile);
      return;
    }
    const form = { file, type: String(typeId), preview: asPreview ? "1" : undefined };
    setBusy(true);
    const body = await call((o) => client.api.execl.survey.import.$post({ form }, o), { silent: true, signal: AbortSignal.timeout(IMPORT_TIMEOUT_MS) });
    setBusy(false);
    if (body.code === OK && body.data && "id" in body.data) {
      setResult(body.data);
      setStep(2);
      return;
    }
    if (body.code === OK && body.data && "sections" in body.data) {
      setPreview(body.data);
      setFailure(null);
      setStep(1);
      return;
    }
    // A refused workbook's envelope carries its problems as data (an error answer, so not in the route's type).
    const refused = body.data as { problems?: ImportProblem[] } | null;
    const problems = refused && "problems" in refused ? refused.problems ?? [] : [];
    setPreview(null);
    setFailure({ msg: body.msg, problems });
    setStep(1);
  };

  const footer =
    step === 0
      ? [
          <Button key="cancel" onClick={close} disabled={busy}>
            取消
          </Button>,
          <Button
            key="next"
            type="primary"
            loading={busy}
            onClick={() => void send(true)}
          >
            {busy ? "校验中…" : "下一步"}
          </Button>,
        ]
      : step === 1 && preview
      ? [
          <Button key="again" onClick={reset} disabled={busy}>
            重新上传
          </Button>,
          <Button
            key="import"
            type="primary"
            loading={busy}
            onClick={() => void send(false)}
          >
            {busy ? "导入中…" : "确认导入"}
          </Button>,
        ]
      : null;

  return (
    <Modal
      open={open}
      title="导入调查表"
      width={640}
      onCancel={close}
      maskClosable={!busy}
      footer={footer}
      destroyOnHidden
    >
      <Steps
        style={{ margin: "8px 0 24px" }}
        size="small"
        current={step}
        status={
          step === 1 && failure ? "error" : step === 2 ? "finish" : "process"
        }
        items={[
          { title: "上传文件" },
          { title: "校验数据" },
          { title: "完成" },
        ]}
      />
      {step === 0 && <UploadStep file={file} busy={busy} onFile={setFile} onTemplate={() => void downloadTemplate()} />}
      {step === 1 && failure && <FailureStep failure={failure} onRetry={reset} />}
      {step === 1 && preview && <PreviewStep preview={preview} />}
      {step === 2 && result && (
        <DoneStep
          result={result}
          onDone={() => {
            const id = result.id;
            reset();
            onImported(id);
          }}
        />
      )}
    </Modal>
  );
}
