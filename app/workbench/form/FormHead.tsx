// The form's head: the editable title, the card's name, the report status, 在线预览 / 下载报告 once the report is
// ready, and why generating failed.
import { Alert, Button, Input, Tag } from "antd";
import { EyeOutlined } from "@ant-design/icons";
import { DISPOSE_STATUS, UNTITLED, disposeStatusText, type SurveyInfo } from "../../../workers/contract/workbench";
import { REPORT_MSG } from "../../../workers/reports/messages";

interface Props {
  info: SurveyInfo;
  title: string;
  status: number;
  failReason: string | null;
  readOnly: boolean;
  onTitle: (value: string) => void;
  onPreview?: () => void;
  onDownload: () => void;
}

export function FormHead({ info, title, status, failReason, readOnly, onTitle, onPreview, onDownload }: Props) {
  return (
    <>
      <div className="wb-form__head">
        <Input className="wb-form__title" aria-label="调查表名称" placeholder={UNTITLED} value={title} maxLength={50} disabled={readOnly} onChange={(e) => onTitle(e.target.value)} />
        <Tag className="wb-form__type">{info.typeName}</Tag>
        <Tag className="wb-form__status" data-status={status}>
          报告状态：{disposeStatusText(status)}
        </Tag>
        {readOnly && <Tag color="red">回收站（只读）</Tag>}
        {status === DISPOSE_STATUS.READY && onPreview && (
          <Button icon={<EyeOutlined />} onClick={onPreview}>
            在线预览
          </Button>
        )}
        {status === DISPOSE_STATUS.READY && (
          <Button disabled={!info.fileUrl} onClick={onDownload}>
            下载报告
          </Button>
        )}
      </div>
      {status === DISPOSE_STATUS.FAILED && <Alert className="wb-form__reason" type="error" showIcon message={`报告生成失败：${failReason || REPORT_MSG.failed}`} />}
    </>
  );
}
