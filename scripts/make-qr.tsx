// One-off asset step: the WeChat official-account QR code as a static SVG (no QR code JS on public pages).
import { writeFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { QRCode } from "antd";

const value = process.argv[2];
const out = process.argv[3];
let svg = renderToStaticMarkup(<QRCode value={value} type="svg" size={160} bordered={false} bgColor="#ffffff" />);
svg = svg.slice(svg.indexOf("<svg"), svg.lastIndexOf("</svg>") + 6).replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"');
writeFileSync(out, svg);
