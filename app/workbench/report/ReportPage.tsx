// The report page inside the workbench (/workbench?type=&id=&view=report): the free web preview of a survey's
// latest report. Loaded with lazy() by Workbench, so the preview code is not part of the workbench's first load.
import { Button } from "antd";
import { ArrowLeftOutlined } from "@ant-design/icons";
import { ReportPreview } from "./ReportPreview";

export interface ReportPageProps {
  surveyId: number;
  /** Back to the survey form. */
  onBack: () => void;
  /** The download/payment flow (spec 3 §4), when the caller offers one. */
  onDownload?: () => void;
}

export default function ReportPage({ surveyId, onBack, onDownload }: ReportPageProps) {
  return (
    <section className="wb-report" aria-label="报告在线预览">
      <div className="wb-report__bar">
        <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
          返回调查表
        </Button>
        <span className="wb-report__hint">在线预览（免费）</span>
      </div>
      <ReportPreview surveyId={surveyId} onDownload={onDownload} />
    </section>
  );
}
