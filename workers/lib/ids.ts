// Unguessable identifiers for sessions, file keys and request ids.
import { toHex } from "./encoding";

/** `bytes` random bytes as lowercase hex. */
export function randomId(bytes = 16): string {
  return toHex(crypto.getRandomValues(new Uint8Array(bytes)));
}
