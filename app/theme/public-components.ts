// antd components by when public pages need their CSS.
// Critical: visible at first paint on every page; inlined into the HTML so nothing blocks rendering.
export const CRITICAL_ANTD_COMPONENTS = ["Button", "Avatar", "Badge", "Popover", "Tooltip"] as const;
// Deferred: only inside dialogs and drawers that JavaScript opens; loaded without blocking first paint.
export const DEFERRED_ANTD_COMPONENTS = [
  "Modal", "Drawer", "message", "Form", "Input", "Checkbox", "Radio", "Tabs", "Steps", "Select", "Space", "Divider", "Spin", "Result", "QRCode", "Upload",
] as const;
// App pages (workbench, personal centre, Q&A lists) link the full set: see app/styles/antd.ts.
