// A card's icon. Icons that ship with the app are drawn inline: every <img> of an SVG is a separate SVG document
// that the browser builds on the main thread, and the landing page's eight of them were among its longest tasks
// after first paint on a phone. An icon URL that is not one of these (a card added later) still loads as an image.
const BUNDLED = import.meta.glob<string>("../../../public/images/cards/*.svg", { query: "?raw", import: "default", eager: true });
const inlineByUrl = new Map(Object.entries(BUNDLED).map(([file, svg]) => [`/images/cards/${file.split("/").pop()}`, svg]));

export function CardIcon({ url }: { url: string }) {
  const svg = inlineByUrl.get(url);
  if (!svg) return <img src={url} alt="" width={48} height={48} loading="lazy" />;
  return <span className="assess-card__icon" aria-hidden="true" dangerouslySetInnerHTML={{ __html: svg }} />;
}
