// antd stylesheets built at build time (scripts/extract-antd-css.tsx).
// Critical CSS is inlined by entry.server (see critical-css.tsx); the rest are linked.
export { default as antdDeferredCss } from "./antd.deferred.generated.css?url";
/** Pages outside the three logged-in areas below (account pages, user lists) add this to their `links`. */
export { default as antdFullCss } from "./antd.generated.css?url";
/** The logged-in areas link only the components their pages render (app/styles/area-antd-components.ts). */
export { default as antdWorkbenchCss } from "./antd.workbench.generated.css?url";
export { default as antdPersonalCss } from "./antd.personal.generated.css?url";
export { default as antdAdminCss } from "./antd.admin.generated.css?url";
export { default as antdPersonalListCss } from "./antd.personalList.generated.css?url";
