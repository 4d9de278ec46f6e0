import type { IncomingMessage } from "node:http";
import { HttpError } from "./respond";

/** Reads a request body, refusing (413) as soon as it passes `maxBytes` instead of buffering it all. */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? NaN);
  if (declared > maxBytes) throw new HttpError("too_large", `body is ${declared} bytes, the limit is ${maxBytes}`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new HttpError("too_large", `body is over the limit of ${maxBytes} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
