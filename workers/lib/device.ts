// Mobile layout is chosen by user agent (spec 1 §1): Android, webOS, iPhone, iPod, BlackBerry.
const MOBILE_UA = /Android|webOS|iPhone|iPod|BlackBerry/i;

export function isMobileUserAgent(ua: string | null | undefined): boolean {
  return MOBILE_UA.test(ua ?? "");
}
