// antd components per logged-in area, for that area's build-time stylesheet (scripts/extract-antd-css.tsx).
// With zeroRuntime every antd style comes from static CSS, and these pages used to link the whole set (990 KB,
// 110 KB gzip) as a render-blocking sheet: on a phone it delayed first paint and its parse and the style recalc over
// it were long tasks. Each area now links only what its pages render in place.
// Left out on purpose: the critical set (inlined into every page: Button, Avatar, Badge, Popover, Tooltip) and the
// portal-only components Modal, Drawer and message, whose styles come with the deferred sheet, switched on when a
// portal mounts (app/root.tsx). test/unit/ui/area-antd-css.test.ts walks each area's imports and fails when a page
// uses a component its sheet lacks.
export const AREA_ANTD_COMPONENTS = {
  // Table renders Pagination (with Select/Input for its size changer), Checkbox/Radio for row selection,
  // Dropdown for filters, Empty and Spin; Form.Item lays out with Row/Col; Upload's list shows Progress.
  workbench: [
    "Alert", "Collapse", "DatePicker", "Descriptions", "Dropdown", "Empty", "Input", "Popconfirm", "Radio", "Result", "Select", "Space",
    "Spin", "Steps", "Table", "Tag", "Tree", "Typography", "Upload", "Progress", "Pagination", "Checkbox",
  ],
  // The personal centre's lists (questions, answers, follows, footprints, messages, favourites): a pager with its
  // page-size Select, the empty/failed Result, the favourites' search box and remove confirmation.
  personalList: ["Pagination", "Select", "Input", "Result", "Popconfirm", "Empty"],
  // The rest of the personal centre (settings, orders).
  personal: [
    "Alert", "Checkbox", "Form", "Row", "Col", "Input", "Pagination", "Popconfirm", "Radio", "Result", "Select", "Space", "Spin", "Steps",
    "Table", "Tabs", "Tag", "Upload", "Progress", "Dropdown", "Empty",
  ],
  admin: [
    "Alert", "Descriptions", "Form", "Row", "Col", "Input", "InputNumber", "Popconfirm", "Radio", "Select", "Space", "Switch", "Table", "Tag",
    "Pagination", "Checkbox", "Dropdown", "Empty", "Spin",
  ],
} as const;

export type AntdArea = keyof typeof AREA_ANTD_COMPONENTS;
