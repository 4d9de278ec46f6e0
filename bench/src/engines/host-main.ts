import { runEngineHost } from "./engine-host";

// An engine host run from source (the smoke test forks this with tsx); the bench's bundle runs
// the same host when started with ENGINE_HOST_FLAG (main.ts).
await runEngineHost();
