// A phone without an account in the SMS login or password-reset form (issue 14 item 3): said beside the phone field
// with 注册 as a link to the register page, the phone filled in. The server's answer carries data.registered = false.
import { useState } from "react";
import { ACCOUNT_MSG } from "../../workers/contract/accounts";
import { registerHrefFor } from "./client";

/** Remembers the phone the server called unregistered; the notice shows while the field still holds that phone. */
export function useNotRegistered(phone: string | undefined) {
  const [flagged, setFlagged] = useState<string | null>(null);
  const current = (phone ?? "").trim();
  return { active: flagged !== null && flagged === current, flag: setFlagged, phone: current };
}

/** 该手机号未注册，请先注册 — with 注册 linking to the register page. */
export function NotRegisteredHelp({ phone, mobile = false, redirectTo = null }: { phone: string; mobile?: boolean; redirectTo?: string | null }) {
  // The message ends with 注册: that word becomes the link, so the text reads exactly as the API's message.
  const lead = ACCOUNT_MSG.phoneNotRegistered.slice(0, ACCOUNT_MSG.phoneNotRegistered.lastIndexOf("注册"));
  return (
    <span className="not-registered" data-testid="not-registered">
      {lead}
      <a href={registerHrefFor(phone, { mobile, redirectTo })}>注册</a>
    </span>
  );
}
