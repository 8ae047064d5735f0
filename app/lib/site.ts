// Site-wide names and contact details shown in the header, footer and legal texts.
export const SITE_NAME = "节能评估 · 能源问答";
// The operator's name and contacts are declared once, with the reports (workers/lib/operator.ts).
import { COMPANY_NAME } from "../../workers/lib/operator";
export { COMPANY_NAME, CONTACT_PHONE, CONTACT_EMAIL, COMPANY_ADDRESS } from "../../workers/lib/operator";
/** The copyright line for the China-time year of `year` (the root loader's render time, so server and browser agree). */
export const copyrightLine = (year: number) => `© ${year} ${COMPANY_NAME} 版权所有`;
