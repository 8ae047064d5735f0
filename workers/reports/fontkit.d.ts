// fontkit ships no types; the report only calls create() to parse a TTF (react-pdf does the rest).
declare module "fontkit" {
  export function create(buffer: Uint8Array, postscriptName?: string): unknown;
}
