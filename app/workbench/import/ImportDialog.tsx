// The import wizard (spec 3 §2 import dialog, §4 import wizard, §5): 上传文件 → 校验数据 → 完成. Step 1 takes one
// xls/xlsx file (checked here with the same rule as the server); 下一步 asks the server to check it without writing
// anything (preview=1). Step 2 shows either the failure with every located problem and 重新上传, or what will be
// imported (the survey's name, each section's rows and filled fields) with 确认导入; success shows 导入成功 and 完成,
// which opens the new survey.
import { useState } from "react";
import {
  Button,
  Descriptions,
  Modal,
  Result,
  Steps,
  Table,
  Typography,
  Upload,
  message,
} from "antd";
import type { UploadFile } from "antd";
import { DownloadOutlined, UploadOutlined } from "@ant-design/icons";
import { OK } from "../../lib/api";
import { call, client } from "../../lib/api-client";
import {
  IMPORT_ACCEPT,
  SHEET_MSG,
  importFileProblem,
  type ImportPreview,
  type ImportProblem,
  type ImportResult,
} from "../../../workers/contract/spreadsheet";

/** A 20 MB upload over a slow office line takes a while; the server parses it in seconds. */
const IMPORT_TIMEOUT_MS = 180_000;
const PROBLEMS_SHOWN = 50;

// A handful of rules, inline: the dialog only renders after a click, so nothing here affects first paint.
const css = {
  steps: { margin: "8px 0 24px" },
  upload: { display: "flex", flexDirection: "column", gap: 12, minHeight: 140 },
  lead: { margin: 0 },
  problems: {
    maxHeight: 240,
    overflow: "auto",
    textAlign: "left",
    fontSize: 13,
    color: "#5f6b7a",
  },
} as const;

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
  const [failure, setFailure] = useState<{
    msg: string;
    problems: ImportProblem[];
  } | null>(null);
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

  const fileList: UploadFile[] = file
    ? [{ uid: "import", name: file.name, size: file.size, status: "done" }]
    : [];

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
        style={css.steps}
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
      {step === 0 && (
        <div className="wb-import__upload" style={css.upload}>
          <p style={css.lead}>
            请先下载模板，按模板填写后上传。
            <Button
              type="link"
              icon={<DownloadOutlined />}
              onClick={() => void downloadTemplate()}
              style={{ paddingInline: 4 }}
            >
              下载模板
            </Button>
          </p>
          <Upload
            accept={IMPORT_ACCEPT}
            maxCount={1}
            fileList={fileList}
            beforeUpload={(f) => {
              const problem = importFileProblem(f);
              if (problem) {
                void message.error(problem);
                return Upload.LIST_IGNORE;
              }
              setFile(f);
              // Sent with the wizard's 下一步, not on selection.
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <Button icon={<UploadOutlined />} disabled={busy}>
              选择文件
            </Button>
          </Upload>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            只能上传xls/xlsx文件，且不超过20Mb
          </Typography.Text>
        </div>
      )}
      {step === 1 && failure && (
        <Result
          status="error"
          title="导入失败"
          subTitle={failure.msg}
          extra={
            <Button type="primary" onClick={reset}>
              重新上传
            </Button>
          }
        >
          {failure.problems.length > 1 && (
            <div className="wb-import__problems" style={css.problems}>
              <p>共发现{failure.problems.length}处问题，请修改后重新上传：</p>
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {failure.problems.slice(0, PROBLEMS_SHOWN).map((p, i) => (
                  <li key={i}>{p.message}</li>
                ))}
              </ul>
            </div>
          )}
        </Result>
      )}
      {step === 1 && preview && (
        <div className="wb-import__preview">
          <Typography.Paragraph>
            {SHEET_MSG.checked}。将创建以下调查表：
          </Typography.Paragraph>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={previewItems(preview)}
          />
          <Table
            style={{ marginTop: 12 }}
            size="small"
            pagination={false}
            rowKey="name"
            dataSource={preview.sections}
            columns={[
              { title: "内容", dataIndex: "name" },
              { title: "行数", dataIndex: "rows", align: "right", width: 80 },
              {
                title: "已填字段",
                dataIndex: "fields",
                align: "right",
                width: 100,
              },
            ]}
          />
        </div>
      )}
      {step === 2 && result && (
        <Result
          status="success"
          title={SHEET_MSG.imported}
          subTitle={`已创建调查表「${result.title}」，导入${
            result.answers
          }项数据${
            result.loadPoints ? `，负荷数据${result.loadPoints}个点` : ""
          }`}
          extra={
            <Button
              type="primary"
              onClick={() => {
                const id = result.id;
                reset();
                onImported(id);
              }}
            >
              完成
            </Button>
          }
        />
      )}
    </Modal>
  );
}

function previewItems(p: ImportPreview) {
  return [
    { key: "title", label: "调查表名称", children: p.title },
    { key: "answers", label: "数据项", children: `${p.answers} 项` },
    ...(p.loadPoints
      ? [{ key: "load", label: "负荷数据", children: `${p.loadPoints} 个点` }]
      : []),
  ];
}
