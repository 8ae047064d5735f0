// Site-wide names and contact details shown in the header, footer and legal texts.
export const SITE_NAME = "节能评估 · 能源问答";
export const COMPANY_NAME = "绿能创新（江苏）节能科技有限公司";
export const CONTACT_PHONE = "400-826-9580";
export const CONTACT_EMAIL = "service@lvneng-energy.cn";
export const COMPANY_ADDRESS = "江苏省苏州市工业园区星湖街 328 号创意产业园 12 栋 5 层";
/** The copyright line for the China-time year of `year` (the root loader's render time, so server and browser agree). */
export const copyrightLine = (year: number) => `© ${year} ${COMPANY_NAME} 版权所有`;
