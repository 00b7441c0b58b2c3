// Writes src/assets/fonts/ideaforge-emoji.woff2: Noto Color Emoji cut down to the code points in
// the unicode-range of the 'Ideaforge Emoji' face in src/styles/globals.css, with the font's
// licence beside it (docs/decisions/023-reaction-emoji-font.md). Run by `npm run fonts:emoji`.
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { subset } from '@web-alchemy/fonttools';

const file = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const target = 'src/assets/fonts/ideaforge-emoji.woff2';
const source = (path) => fileURLToPath(import.meta.resolve(`@fontsource/noto-color-emoji/${path}`));

const css = await readFile(file('src/styles/globals.css'), 'utf8');
const face = /@font-face\s*{[^}]*font-family:\s*'Ideaforge Emoji'[^}]*}/.exec(css)?.[0];
const unicodes = face && /unicode-range:\s*([^;]+);/.exec(face)?.[1];
if (!unicodes) throw new Error("No @font-face for 'Ideaforge Emoji' with a unicode-range found");

// The whole font carries COLRv1 (vector colour) and SVG glyphs. Only COLRv1 is kept: Chromium
// and Firefox draw it, and Safari, which does not, always has Apple's emoji font.
const font = await subset(await readFile(source('files/noto-color-emoji-emoji-400-normal.woff2')), {
  unicodes,
  'drop-tables+': 'SVG',
  'name-IDs': '*',
  flavor: 'woff2',
});
await writeFile(file(target), font);
await copyFile(source('LICENSE'), file('src/assets/fonts/OFL.txt'));
console.log(`${target}: ${unicodes}, ${font.length} bytes`);
