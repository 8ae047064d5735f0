// /payment (spec 3 §2): the popup that receives the payment form in the query parameter row and submits its first
// form. The form is rebuilt from its fields and sent only to the configured Alipay gateway, so a crafted link
// cannot run markup or post anywhere else.
import { type LoaderFunctionArgs, type MetaFunction, data, redirect, useLoaderData } from "react-router";
import { useEffect, useState } from "react";
import { getViewer } from "../lib/viewer.server";
import { allowedGateway } from "../payment/payment.server";

export const meta: MetaFunction = () => [{ title: "支付宝支付" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const viewer = await getViewer(request, env);
  if (!viewer) throw redirect("/homePage");
  return data({ gateway: allowedGateway(env, request) }, { headers: { "cache-control": "no-store", "referrer-policy": "no-referrer" } });
}

/** The first form of the HTML in row, if it posts to the gateway: its action and fields. */
function parseForm(row: string, gateway: string): { action: string; fields: [string, string][] } | null {
  const doc = new DOMParser().parseFromString(row, "text/html");
  const form = doc.forms[0];
  if (!form) return null;
  const action = form.getAttribute("action") ?? "";
  let target: URL;
  try {
    target = new URL(action, location.href);
  } catch {
    return null;
  }
  const allowed = new URL(gateway, location.href);
  if (target.origin !== allowed.origin || target.pathname !== allowed.pathname) return null;
  const fields: [string, string][] = [];
  form.querySelectorAll("input").forEach((i) => {
    if (i.type !== "submit" && i.name) fields.push([i.name, i.value]);
  });
  return { action: target.toString(), fields };
}

export default function PaymentPopup() {
  const { gateway } = useLoaderData<typeof loader>();
  const [state, setState] = useState<"waiting" | "redirecting" | "invalid">("waiting");

  useEffect(() => {
    const row = new URLSearchParams(location.search).get("row");
    if (!row) return;
    const parsed = gateway ? parseForm(row, gateway) : null;
    if (!parsed) {
      setState("invalid");
      return;
    }
    setState("redirecting");
    const form = document.createElement("form");
    form.method = "post";
    form.action = parsed.action;
    for (const [name, value] of parsed.fields) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      form.appendChild(input);
    }
    document.body.appendChild(form);
    form.submit();
  }, [gateway]);

  return (
    <main style={{ padding: 48, textAlign: "center", fontSize: 16, color: "#595959" }}>
      {state === "invalid" ? <p role="alert">支付信息无效，请关闭窗口后重新发起支付</p> : <p>正在跳转到支付宝，请稍候…</p>}
    </main>
  );
}
