import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/** One POST of `bytes` bytes of "x" with a key, as a client whose body is over the collector's limit sends it. */
export interface OversizedPost {
  url: string;
  key: string;
  contentType: string;
  bytes: number;
}

/** What the client received: the status and the answer's body as text. */
export interface Received {
  status: number;
  body: string;
}

const viaFetch = async ({ url, key, contentType, bytes }: OversizedPost): Promise<Received> => {
  const answer = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": contentType },
    body: "x".repeat(bytes),
  });
  return { status: answer.status, body: await answer.text() };
};

const viaCurl = async ({ url, key, contentType, bytes }: OversizedPost): Promise<Received> => {
  // The body from stdin; -w prints the status on a line of its own after the body.
  const { stdout } = await run("bash", [
    "-c",
    `head -c ${bytes} /dev/zero | tr '\\0' x | curl -sS -X POST -H "authorization: Bearer $1" -H "content-type: $2" --data-binary @- -w '\\n%{http_code}' "$3"`,
    "curl",
    key,
    contentType,
    url,
  ]);
  const cut = stdout.lastIndexOf("\n");
  return { status: Number(stdout.slice(cut + 1)), body: stdout.slice(0, cut) };
};

// Python's urllib sends the whole body before it reads the answer (what a Python agent would use).
const PYTHON = `
import json, sys, urllib.request, urllib.error
req = urllib.request.Request(sys.argv[1], data=b"x" * int(sys.argv[2]), method="POST",
    headers={"authorization": "Bearer " + sys.argv[3], "content-type": sys.argv[4]})
try:
    with urllib.request.urlopen(req) as answer:
        print(json.dumps({"status": answer.status, "body": answer.read().decode()}))
except urllib.error.HTTPError as error:
    print(json.dumps({"status": error.code, "body": error.read().decode()}))
`;
const viaPythonUrllib = async ({ url, key, contentType, bytes }: OversizedPost): Promise<Received> => {
  const { stdout } = await run("python3", ["-c", PYTHON, url, String(bytes), key, contentType]);
  return JSON.parse(stdout) as Received;
};

/** The clients a body over the limit must reach with its 413, by name (for `it.each`). */
export const OVERSIZED_POST_CLIENTS: [string, (post: OversizedPost) => Promise<Received>][] = [
  ["curl", viaCurl],
  ["Node fetch", viaFetch],
  ["Python urllib", viaPythonUrllib],
];
