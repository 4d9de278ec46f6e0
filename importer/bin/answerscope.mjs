#!/usr/bin/env node
// Installed command `answerscope`: runs the TypeScript CLI through tsx (the project ships sources, no build step).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const result = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), cli, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exitCode = result.status ?? 1;
