// The operator of the platform: its registered name and contact details, printed by the site (app/lib/site.ts
// re-exports them) and by the reports (the signature page's 编制单位, the engineer's phone). One place for both.
export const COMPANY_NAME = "绿能创新（江苏）节能科技有限公司";
export const CONTACT_PHONE = "400-826-9580";
export const CONTACT_EMAIL = "service@lvneng-energy.cn";
export const COMPANY_ADDRESS = "江苏省苏州市工业园区星湖街 328 号创意产业园 12 栋 5 层";

/**
 * The qualification the report's issuer states under its name (e.g. 节能诊断服务机构名称与证书编号), set per deployment
 * in the renderer's environment as REPORT_ISSUER_QUALIFICATION. Unset, the signature page prints a line to fill in
 * by hand: a qualification is never invented.
 */
export const ISSUER_QUALIFICATION_ENV = "REPORT_ISSUER_QUALIFICATION";
