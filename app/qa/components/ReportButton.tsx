// 举报: a logged-in reader reports a question, answer, comment, reply, or a user's nickname or avatar (choices: the
// reader picks which) with a reason and an optional note; the item lands in the operators' review queue
// (/admin/review, docs/admin.md). Visitors get the login dialog. The dialog (ReportDialog) loads on the first click.
import { Suspense, lazy, useState } from "react";
import { WarningOutlined } from "@ant-design/icons";
import type { ReviewTarget } from "../../../workers/contract/admin-constants";
import { useRootData } from "../../lib/use-root-data";
import { ensureLogin } from "../client";

const ReportDialog = lazy(() => import("./ReportDialog"));

export function ReportButton({
  targetType,
  targetId,
  small = false,
  choices,
  className,
}: {
  targetType: ReviewTarget;
  targetId: number;
  small?: boolean;
  /** Let the reader pick what they report (e.g. a user's 昵称 or 头像); targetType is the default. */
  choices?: ReviewTarget[];
  className?: string;
}) {
  const { viewer } = useRootData();
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so a half-filled report survives closing and reopening, as before.
  const [used, setUsed] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className ?? `qa-action${small ? " qa-action--small" : ""}`}
        onClick={() => {
          if (!ensureLogin(viewer)) return;
          setUsed(true);
          setOpen(true);
        }}
      >
        <WarningOutlined aria-hidden="true" /> 举报
      </button>
      {used && (
        <Suspense fallback={null}>
          <ReportDialog targetType={targetType} targetId={targetId} choices={choices} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
