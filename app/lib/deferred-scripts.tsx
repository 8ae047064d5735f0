// Remix's <Scripts/> with the page JavaScript fetched after first contentful paint instead of during it.
//
// Pages are server-rendered and styled inline, so JavaScript only adds interactivity. Fetched at once, the module
// preloads and imports competed with the document for the connection and, on slow phones, held first paint back
// behind script evaluation (see docs/decisions/004-scripts-after-first-paint.md). Here the same elements are
// rendered inert (an unknown `rel` and `type`), and a small inline script turns them live when the browser reports
// its first contentful paint, when the tab is hidden (no paint will come), or after a fallback delay.
import { Scripts } from "react-router";
import { cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";

export const INERT_PRELOAD_REL = "x-modulepreload";
export const INERT_MODULE_TYPE = "text/x-deferred-module";
/** Marks the live copies the loader inserts; entry.client removes them before hydrating so the DOM matches. */
export const LIVE_COPY_ATTR = "data-live-module";
const FALLBACK_MS = 1000;

// The preloads go in a few at a time, each slice in its own task: every inserted <link> starts a request
// synchronously, and all of them at once made one long task right after first paint.
// Then the page's modules are imported one by one, each in its own task, before the router's module script goes in.
// The tasks are posted to a MessageChannel, not setTimeout: chained timers are clamped to 4 ms after five levels (a
// chain of 60 imports of an evaluated module took 33 ms with setTimeout, 12 with a MessageChannel, in chromium
// unthrottled), and a logged-in page has 50-60 modules.
// Importing a module evaluates it; left to the router's script, the whole graph (React, the router, antd, the page)
// was evaluated in one task of 100-130 ms at 4x CPU, the largest single block of start-up work. Each import here
// evaluates that module and whatever it needs that is not yet evaluated, so the graph is evaluated in slices in the
// same order constraints ES modules already guarantee. The entry module (the script's dynamic import: it hydrates)
// is left to the router's script, which then only sets the manifest and starts it. If an import fails, the router's
// script goes in at once and reports the error as it did before.
// If the entry cannot be found in the script, nothing is imported early: importing the entry before the script sets
// the manifest would start hydration without it.
const LOADER = `(function(){var d=document,done=0,nc=(d.currentScript||{}).nonce||"";function live(n){n.setAttribute("${LIVE_COPY_ATTR}","");return n}
function run(){d.querySelectorAll('script[type="${INERT_MODULE_TYPE}"]').forEach(function(s){var n=live(d.createElement("script"));n.type="module";n.nonce=nc;n.text=s.text;d.body.appendChild(n)})}
function go(){if(done)return;done=1;
var entry=[];d.querySelectorAll('script[type="${INERT_MODULE_TYPE}"]').forEach(function(s){var m=s.text.match(/import\\("([^"]+)"\\)/);if(m)entry.push(m[1])});
var ls=Array.prototype.slice.call(d.querySelectorAll('link[rel="${INERT_PRELOAD_REL}"]')).map(function(l){return l.getAttribute("href")});
var mods=entry.length?ls.filter(function(h){return entry.indexOf(h)<0}):[];
var ch=new MessageChannel();ch.port1.onmessage=evaluate;
function evaluate(){if(!mods.length)return run();import(mods.shift()).then(function(){ch.port2.postMessage(0)},run)}
(function next(){var t=performance.now();while(ls.length&&performance.now()-t<4){var n=live(d.createElement("link"));n.rel="modulepreload";n.href=ls.shift();d.head.appendChild(n)}if(ls.length)setTimeout(next,0);else ch.port2.postMessage(0)})()}
if(d.visibilityState==="hidden")return go();
try{new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length)setTimeout(go,0)}).observe({type:"paint",buffered:true})}catch(e){return go()}
setTimeout(go,${FALLBACK_MS});d.addEventListener("visibilitychange",go,{once:true})})();`;

type Props = { rel?: string; type?: string; children?: ReactNode };

function makeInert(node: ReactNode): ReactNode {
  if (Array.isArray(node)) return node.map(makeInert);
  if (!isValidElement(node)) return node;
  const el = node as ReactElement<Props>;
  if (el.type === Fragment) return cloneElement(el, {}, makeInert(el.props.children));
  if (el.type === "link" && el.props.rel === "modulepreload") return cloneElement(el, { rel: INERT_PRELOAD_REL });
  if (el.type === "script" && el.props.type === "module") return cloneElement(el, { type: INERT_MODULE_TYPE, async: undefined } as Props);
  return el;
}

export function DeferredScripts({ nonce }: { nonce: string }) {
  // Scripts is called as a function (not rendered) to rewrite what it returns; its hooks become this component's,
  // called in the same order on every render. After hydration it returns null, as before.
  const scripts = Scripts({ nonce });
  if (scripts === null) return null;
  return (
    <>
      {makeInert(scripts)}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: LOADER }} suppressHydrationWarning />
    </>
  );
}
