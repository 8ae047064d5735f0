// Uploaded images are typed by their first bytes, never by name or MIME header (survey images, Q&A pictures,
// avatars). Each upload then accepts the types its spec allows (JPG/PNG everywhere, GIF too for Q&A pictures).

export type ImageType = "jpg" | "png" | "gif";

export const IMAGE_MIME = { jpg: "image/jpeg", png: "image/png", gif: "image/gif" } as const satisfies Record<ImageType, string>;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The image type from the file's first bytes (16 are enough); null for anything else. */
export function imageTypeOf(head: Uint8Array): ImageType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpg";
  if (head.length >= 8 && PNG.every((b, i) => head[i] === b)) return "png";
  if (head.length >= 6) {
    const sig = String.fromCharCode(...head.subarray(0, 6));
    if (sig === "GIF87a" || sig === "GIF89a") return "gif";
  }
  return null;
}

/** JPG or PNG (survey images and avatars); null for GIF and anything else. */
export function photoTypeOf(head: Uint8Array): "jpg" | "png" | null {
  const t = imageTypeOf(head);
  return t === "jpg" || t === "png" ? t : null;
}
