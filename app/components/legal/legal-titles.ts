// The two legal documents' titles: the links show them on every page; the texts (legal.ts) load with the dialog.
export const LEGAL_TITLES = { agreement: "用户服务协议", privacy: "隐私协议" } as const;
export type LegalDocKey = keyof typeof LEGAL_TITLES;
