// The robot assistant entry for the floating side menu (spec 1 §2): a side-menu button that opens the chat
// popover. The popover (and its CSS) loads only when first opened.
import { lazy, Suspense, useState } from "react";
import { RobotOutlined } from "@ant-design/icons";

const RobotPanel = lazy(() => import("./RobotPanel"));

export function RobotButton() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        className="side-menu__item"
        aria-label="智能助手小创"
        aria-expanded={open}
        aria-controls="robot-panel"
        title="智能助手"
        onClick={() => {
          setLoaded(true);
          setOpen((v) => !v);
        }}
      >
        <RobotOutlined />
        <span>助手</span>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <RobotPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

export default RobotButton;
