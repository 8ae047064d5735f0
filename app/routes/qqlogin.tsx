// /qqlogin (spec 1 §2): QQ sign-in callback page; stores the query params for the opener and closes.
import type { MetaFunction } from "react-router";
import { OAuthCallback } from "../accounts/OAuthCallback";
import { SITE_NAME } from "../lib/site";

export const meta: MetaFunction = () => [{ title: `QQ授权 - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export default function QqLoginCallback() {
  return <OAuthCallback source="QQ" />;
}
