// The logged-in user as pages see them (spec 1 §3 session state), shared by server and browser.
export interface Viewer {
  userId: number;
  userName: string;
  name: string;
  avatarUrl: string;
  hasPhone: boolean;
  /** Unread messages at page load; the UserChannel websocket adds increments live. */
  messageCount: number;
}

export const DEFAULT_AVATAR = "/images/avatar-default.svg";

export function avatarUrl(filePath: string | null | undefined): string {
  if (!filePath) return DEFAULT_AVATAR;
  return filePath.startsWith("/") ? filePath : `/files/${filePath}`;
}

/** 11-digit phone with the middle four digits hidden (spec 1 §3). */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone || phone.length !== 11) return phone ?? "";
  return `${phone.slice(0, 3)}****${phone.slice(7)}`;
}
