// Q&A pictures: upload checked by magic bytes (jpg/png/gif, ≤10 MB), stored in R2 under an unguessable key,
// served publicly at /files/qa/<key> (question pictures are public content).
import { invalid } from "../../lib/errors";
import { randomId } from "../../lib/ids";
import { IMAGE_MIME, imageTypeOf } from "../../lib/image-type";
import { PICTURE_MAX_BYTES, QA_FILES_PREFIX, QA_MSG, QA_PICTURE_PATH } from "../../contract/qa";

const R2_PREFIX = "qa/";

/** Store an uploaded picture; returns its public path (what pictureList and answer <img src> carry). */
export async function storePicture({ env, uploaderId, file }: { env: Env; uploaderId: number; file: File }): Promise<string> {
  if (file.size > PICTURE_MAX_BYTES) throw invalid(QA_MSG.uploadSize);
  if (file.size === 0) throw invalid(QA_MSG.uploadType);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = imageTypeOf(bytes.subarray(0, 16));
  if (!type) throw invalid(QA_MSG.uploadType);
  const name = `${randomId(16)}.${type}`;
  await env.FILES.put(R2_PREFIX + name, bytes, {
    httpMetadata: { contentType: IMAGE_MIME[type], cacheControl: "public, max-age=31536000, immutable" },
    customMetadata: { uploader: String(uploaderId) },
  });
  return QA_FILES_PREFIX + name;
}

/** True when every path is one this server issued and the file exists. */
export async function picturesExist({ env, paths }: { env: Env; paths: string[] }): Promise<boolean> {
  for (const p of paths) {
    if (!QA_PICTURE_PATH.test(p)) return false;
    const head = await env.FILES.head(R2_PREFIX + p.slice(QA_FILES_PREFIX.length));
    if (!head) return false;
  }
  return true;
}

/** The stored picture for a public key, or null (unknown or malformed keys never reach R2). */
export async function readPicture({ env, key }: { env: Env; key: string }): Promise<R2ObjectBody | null> {
  if (!QA_PICTURE_PATH.test(QA_FILES_PREFIX + key)) return null;
  return env.FILES.get(R2_PREFIX + key);
}
