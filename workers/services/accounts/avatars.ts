// Avatars in R2: JPG/PNG by content (magic bytes), at most 10 MB, stored under an unguessable key.
import { fail } from "../../lib/errors";
import { randomId } from "../../lib/ids";
import { IMAGE_MIME, photoTypeOf } from "../../lib/image-type";
import { ACCOUNT_MSG, AVATAR_MAX_BYTES } from "../../contract/accounts";

export const AVATAR_URL_PREFIX = "/files/avatar/";
const KEY_RE = /^[0-9a-f]{40}\.(jpg|png)$/;

export async function saveAvatar({ env, userId, file }: { env: Env; userId: number; file: File }) {
  if (file.size > AVATAR_MAX_BYTES) throw fail(ACCOUNT_MSG.avatarSize);
  if (file.size === 0) throw fail(ACCOUNT_MSG.avatarMissing);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const ext = photoTypeOf(bytes.subarray(0, 16));
  if (!ext) throw fail(ACCOUNT_MSG.avatarType);
  const kind = { ext, contentType: IMAGE_MIME[ext] };
  const key = `${randomId(20)}.${kind.ext}`;
  await env.FILES.put(`avatar/${key}`, bytes, {
    httpMetadata: { contentType: kind.contentType, cacheControl: "public, max-age=31536000, immutable" },
    customMetadata: { userId: String(userId), uploadedAt: String(Date.now()) },
  });
  const filePath = `${AVATAR_URL_PREFIX}${key}`;
  return { filePath, url: filePath, fileName: file.name || key, size: bytes.length, contentType: kind.contentType };
}

export function avatarKeyOf(filePath: string): string | null {
  if (!filePath.startsWith(AVATAR_URL_PREFIX)) return null;
  const key = filePath.slice(AVATAR_URL_PREFIX.length);
  return KEY_RE.test(key) ? key : null;
}

/** A profile may point only at an avatar its owner uploaded. */
export async function avatarOwnedBy({ env, filePath, userId }: { env: Env; filePath: string; userId: number }): Promise<boolean> {
  const key = avatarKeyOf(filePath);
  if (!key) return false;
  const head = await env.FILES.head(`avatar/${key}`);
  return head?.customMetadata?.userId === String(userId);
}

export async function readAvatar({ env, key }: { env: Env; key: string }) {
  if (!KEY_RE.test(key)) return null;
  return env.FILES.get(`avatar/${key}`);
}
