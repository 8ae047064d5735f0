// The footer's filing lines from configuration (ICP_NUMBER, PSB_NUMBER in wrangler.toml, passed by the root loader):
// the ICP number links to MIIT's filing site, the public-security number to the MPS site's record of that number.
// Empty ones are left out. See docs/admin.md "Footer filing numbers".
import { useRootData } from "../../lib/use-root-data";

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

export function FilingLinks() {
  const root = useRootData();
  const links = filingLinks("filing" in root ? root.filing : undefined);
  return (
    <>
      {links.map((f) => (
        <a key={f.href} href={f.href} target="_blank" rel="noopener noreferrer">
          {f.text}
        </a>
      ))}
    </>
  );
}
