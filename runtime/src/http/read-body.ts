import type { IncomingMessage } from "node:http";
import { HttpError } from "./respond";

/**
 * How much of a body over the limit is read and thrown away before the 413 is sent, as a multiple
 * of the limit. A client that sends its whole body before it reads the answer (Python's urllib)
 * sees a broken pipe, not the 413, when the server answers and closes while it is still sending;
 * past this bound the 413 goes out with Connection: close, so a huge upload cannot hold the server.
 */
export const DISCARD_FACTOR = 4;

/** Reads a request body; one over `maxBytes` is refused (413) without being kept. */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const bound = maxBytes * DISCARD_FACTOR;
  const declared = Number(req.headers["content-length"] ?? NaN);
  const message =
    declared > maxBytes
      ? `body is ${declared} bytes, the limit is ${maxBytes}`
      : `body is over the limit of ${maxBytes} bytes`;
  const refused = (close: boolean) => new HttpError("too_large", message, close ? { connection: "close" } : {});
  return new Promise((resolve, reject) => {
    if (declared > bound) return reject(refused(true));
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > bound) {
        req.off("data", onData);
        req.off("end", onEnd);
        return reject(refused(true));
      }
      // Over the limit: keep reading to the end, keeping nothing, then answer.
      if (size > maxBytes) chunks.length = 0;
      else chunks.push(chunk);
    };
    const onEnd = () => (size > maxBytes ? reject(refused(false)) : resolve(Buffer.concat(chunks)));
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", reject);
  });
}
