// The import wizard's step bodies (ImportDialog holds the state and the footer): the upload with the template link,
// the refused workbook with its located problems, the preview of what will be created, and the result.
import { Button, Descriptions, Result, Table, Typography, Upload, message } from "antd";
import type { UploadFile } from "antd";
import { DownloadOutlined, UploadOutlined } from "@ant-design/icons";
import {
  IMPORT_ACCEPT,
  SHEET_MSG,
  importFileProblem,
  type ImportPreview,
  type ImportProblem,
  type ImportResult,
} from "../../../workers/contract/spreadsheet";

const PROBLEMS_SHOWN = 50;

// A handful of rules, inline: the dialog only renders after a click, so nothing here affects first paint.
const css = {
  upload: { display: "flex", flexDirection: "column", gap: 12, minHeight: 140 },
  lead: { margin: 0 },
  problems: { maxHeight: 240, overflow: "auto", textAlign: "left", fontSize: 13, color: "#5f6b7a" },
} as const;

export interface ImportFailure {
  msg: string;
  problems: ImportProblem[];
}

/** Step 1: 下载模板 and one xls/xlsx file, checked here by the server's own rule, sent with 下一步 (not on selection). */
export function UploadStep({ file, busy, onFile, onTemplate }: { file: File | null; busy: boolean; onFile: (f: File | null) => void; onTemplate: () => void }) {
  const fileList: UploadFile[] = file ? [{ uid: "import", name: file.name, size: file.size, status: "done" }] : [];
  return (
    <div className="wb-import__upload" style={css.upload}>
      <p style={css.lead}>
        请先下载模板，按模板填写后上传。
        <Button type="link" icon={<DownloadOutlined />} onClick={onTemplate} style={{ paddingInline: 4 }}>
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
          onFile(f);
          return false;
        }}
        onRemove={() => onFile(null)}
      >
        <Button icon={<UploadOutlined />} disabled={busy}>
          选择文件
        </Button>
      </Upload>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        只能上传xls/xlsx文件，且不超过20Mb
      </Typography.Text>
    </div>
  );
}

/** Step 2, refused: the server's message and, when there are several, the first problems with their places. */
export function FailureStep({ failure, onRetry }: { failure: ImportFailure; onRetry: () => void }) {
  return (
    <Result
      status="error"
      title="导入失败"
      subTitle={failure.msg}
      extra={
        <Button type="primary" onClick={onRetry}>
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
  );
}

/** Step 2, checked: the survey that 确认导入 will create, each section's rows and filled fields. */
export function PreviewStep({ preview }: { preview: ImportPreview }) {
  return (
    <div className="wb-import__preview">
      <Typography.Paragraph>{SHEET_MSG.checked}。将创建以下调查表：</Typography.Paragraph>
      <Descriptions size="small" column={1} bordered items={previewItems(preview)} />
      <Table
        style={{ marginTop: 12 }}
        size="small"
        pagination={false}
        rowKey="name"
        dataSource={preview.sections}
        columns={[
          { title: "内容", dataIndex: "name" },
          { title: "行数", dataIndex: "rows", align: "right", width: 80 },
          { title: "已填字段", dataIndex: "fields", align: "right", width: 100 },
        ]}
      />
    </div>
  );
}

/** Step 3: 导入成功 with what was created; 完成 opens the new survey. */
export function DoneStep({ result, onDone }: { result: ImportResult; onDone: () => void }) {
  const load = result.loadPoints ? `，负荷数据${result.loadPoints}个点` : "";
  return (
    <Result
      status="success"
      title={SHEET_MSG.imported}
      subTitle={`已创建调查表「${result.title}」，导入${result.answers}项数据${load}`}
      extra={
        <Button type="primary" onClick={onDone}>
          完成
        </Button>
      }
    />
  );
}

function previewItems(p: ImportPreview) {
  return [
    { key: "title", label: "调查表名称", children: p.title },
    { key: "answers", label: "数据项", children: `${p.answers} 项` },
    ...(p.loadPoints ? [{ key: "load", label: "负荷数据", children: `${p.loadPoints} 个点` }] : []),
  ];
}
