// Site-wide names and contact details shown in the header, footer and legal texts.
export const SITE_NAME = "节能评估 · 能源问答";
export const COMPANY_NAME = "绿能创新（江苏）节能科技有限公司";
export const CONTACT_PHONE = "400-826-9580";
export const CONTACT_EMAIL = "service@lvneng-energy.cn";
export const COMPANY_ADDRESS = "江苏省苏州市工业园区星湖街 328 号创意产业园 12 栋 5 层";
export const COPYRIGHT_LINE = `© ${new Date().getFullYear()} ${COMPANY_NAME} 版权所有`;

/**
 * The footer's filing lines from configuration (ICP_NUMBER, PSB_NUMBER in wrangler.toml): the ICP number links to
 * MIIT's filing site, the public-security number to the MPS site's record of that number. Empty ones are left out.
 */
export function filingLinks(filing: { icp: string; psb: string } | undefined): { text: string; href: string }[] {
  const out: { text: string; href: string }[] = [];
  const icp = filing?.icp.trim();
  const psb = filing?.psb.trim();
  if (icp) out.push({ text: icp, href: "https://beian.miit.gov.cn/" });
  if (psb) {
    const code = psb.match(/\d{6,}/)?.[0];
    out.push({ text: psb, href: code ? `https://beian.mps.gov.cn/#/query/webSearch?code=${code}` : "https://beian.mps.gov.cn/" });
  }
  return out;
}
