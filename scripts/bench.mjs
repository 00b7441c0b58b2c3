// `npm run bench [-- ARGS]`: the server's benchmarks, then the web app's.
//
//   npm run bench                      both, in full
//   npm run bench -- http|live|generation|quality   only that server part (server flags such
//                                      as --duration S go to the server part as they are)
//   npm run bench -- --smoke           the server's smoke run, then only the web bundle sizes
//   npm run bench -- web [bundle|lighthouse]   only the web part, or only one half of it
//
// The web part measures the builds the server would serve; they are brought up to date first.
import { spawnSync } from 'node:child_process';
import { buildIfNeeded, root } from './build-if-needed.mjs';

const args = process.argv.slice(2);
const named = args.find((arg) => !arg.startsWith('-'));

function run(workspace, workspaceArgs) {
  const result = spawnSync('npm', ['run', 'bench', '-w', workspace, '--', ...workspaceArgs], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (named !== 'web') run('apps/server', args);
if (named === undefined || named === 'web') {
  buildIfNeeded(['server', 'web']);
  const webArgs = named === 'web' ? args.slice(args.indexOf('web') + 1) : [];
  run('apps/web', args.includes('--smoke') ? ['bundle'] : webArgs);
}
