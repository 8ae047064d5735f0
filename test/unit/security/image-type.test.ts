// Uploaded images are typed by their first bytes only (avatars, Q&A pictures, survey images): what a browser would
// sniff as a page or a script never passes, whatever its name or declared type.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { imageTypeOf, photoTypeOf } from "../../../workers/lib/image-type";

const bytes = (...b: number[]) => new Uint8Array(b);
const text = (s: string) => new TextEncoder().encode(s);

describe("image sniffing", () => {
  it("knows JPG, PNG and GIF by their magic bytes; photos are JPG or PNG only", () => {
    expect(imageTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("jpg");
    expect(imageTypeOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe("png");
    expect(imageTypeOf(text("GIF89a\u0001\u0000"))).toBe("gif");
    expect(photoTypeOf(text("GIF89a\u0001\u0000"))).toBeNull();
  });

  it("refuses SVG, HTML, PDF, a zip and a truncated signature", () => {
    for (const s of ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "<!doctype html><script>", "%PDF-1.7", "PK\u0003\u0004", "\u0089PNG\r\n", "GIF8"]) {
      expect(imageTypeOf(text(s)), s).toBeNull();
    }
    expect(imageTypeOf(bytes(0xff, 0xd8))).toBeNull();
  });

  it("never throws and answers null for anything without a signature (fuzz)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 32 }), (b) => {
        const t = imageTypeOf(b);
        if (t === "jpg") expect([...b.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
        else if (t === "png") expect(b[0]).toBe(0x89);
        else if (t === "gif") expect(String.fromCharCode(...b.subarray(0, 3))).toBe("GIF");
        else expect(t).toBeNull();
      }),
      { numRuns: 1000 },
    );
  });
});
