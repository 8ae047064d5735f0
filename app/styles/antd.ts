// antd stylesheets built at build time (scripts/extract-antd-css.tsx).
// Critical CSS is inlined by entry.server (see critical-css.tsx); the rest are linked.
export { default as antdDeferredCss } from "./antd.deferred.generated.css?url";
/** App pages (workbench, personal centre, Q&A lists) add this to their `links`. */
export { default as antdFullCss } from "./antd.generated.css?url";
