import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

function newestChange(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p)) visit(path.join(p, entry));
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return newest;
}

const targets = {
  server: {
    output: 'apps/server/dist/main.js',
    inputs: ['apps/server/src', 'apps/server/package.json', 'apps/server/tsconfig.json'],
  },
  web: {
    output: 'apps/web/dist/index.html',
    inputs: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts'],
  },
};

/** Builds each named workspace whose build is missing or older than its sources. */
export function buildIfNeeded(names) {
  for (const name of names) {
    const { output, inputs } = targets[name];
    const built = path.join(root, output);
    if (existsSync(built) && statSync(built).mtimeMs >= newestChange(inputs)) continue;
    console.error(`Building the ${name}...`);
    const result = spawnSync('npm', ['run', 'build', '-w', `apps/${name}`], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (result.status !== 0) {
      console.error(`Building the ${name} failed.`);
      process.exit(result.status ?? 1);
    }
  }
}
