import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * One process owns an embedded warehouse's data directory. The engine itself refuses a second
 * one only as "Cannot lock file <dir>/status. Another server instance in same directory is
 * already running (CANNOT_OPEN_FILE)", which names neither the holder nor what to do, so the
 * directory holds a lock file with its holder's pid, taken before the engine opens: created
 * exclusively, removed when the holder closes its last warehouse or exits. A lock whose pid no
 * longer runs (a process killed without clean-up) is taken over.
 */
export const LOCK_FILE = "answerscope.lock";

/** A data directory this process could not open; the message names the directory and why. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | undefined,
    detail: string,
  ) {
    super(`embedded warehouse data directory ${dataDir} ${detail}`);
    this.name = "DataDirLockedError";
  }
}

/** The directory this process holds and how many open warehouses use it (libchdb allows one per process). */
let held: { dir: string; users: number } | undefined;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the pid runs, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Creates the lock file with our pid; false when it exists already. */
function createLock(lockPath: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

function releaseOnExit(): void {
  if (!held) return;
  const lockPath = join(held.dir, LOCK_FILE);
  if (readHolder(lockPath) === process.pid) unlinkSync(lockPath);
  held = undefined;
}

/**
 * Takes the data directory for this process (creating it), or throws DataDirLockedError naming
 * the directory and the pid that holds it. Returns the release, to call when the warehouse closes.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir);
  if (held && held.dir !== dir) {
    throw new DataDirLockedError(
      dir,
      process.pid,
      `cannot be opened: this process already runs the embedded warehouse in ${held.dir}, and the engine binds one data directory per process`,
    );
  }
  if (!held) {
    mkdirSync(dir, { recursive: true });
    const lockPath = join(dir, LOCK_FILE);
    if (!createLock(lockPath)) {
      const holder = readHolder(lockPath);
      if (holder !== undefined && holder !== process.pid && isRunning(holder)) {
        throw new DataDirLockedError(
          dir,
          holder,
          `is in use by process ${holder} (lock file ${lockPath}); stop that process, or point this one at another data directory`,
        );
      }
      // Left by a process that no longer runs (or by this pid before a restart): take it over.
      unlinkSync(lockPath);
      if (!createLock(lockPath)) {
        const racer = readHolder(lockPath);
        throw new DataDirLockedError(
          dir,
          racer,
          `was just taken by process ${racer ?? "unknown"} (lock file ${lockPath})`,
        );
      }
    }
    held = { dir, users: 0 };
    process.once("exit", releaseOnExit);
  }
  held.users += 1;
  let released = false;
  return () => {
    if (released || !held) return;
    released = true;
    held.users -= 1;
    if (held.users === 0) {
      process.removeListener("exit", releaseOnExit);
      releaseOnExit();
    }
  };
}
