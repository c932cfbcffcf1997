import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import type { Plugin } from 'vite';
import { drawPng } from '../server/sharing/draw-card.ts';
import { sharingCardSvg } from '../shared/sharing-card.ts';
import { PAGE_CARDS, SHARING_IMAGE_SIZE, pageCardPath } from '../shared/sharing-image.ts';

async function svgFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory() ? svgFiles(join(dir, e.name)) : Promise.resolve(e.name.endsWith('.svg') ? [join(dir, e.name)] : []),
    ),
  );
  return nested.flat();
}

async function write(outDir: string, path: string, png: Buffer): Promise<void> {
  await mkdir(dirname(join(outDir, path)), { recursive: true });
  await writeFile(join(outDir, path), png);
}

/**
 * Draws into `outDir` a PNG (1200×630) for:
 * - every SVG artwork under `publicDir/images`, at the same path: the pictures on the site stay crisp SVGs, and
 *   `og-default.png` is the sharing image of a page without a card of its own. Artwork of another size is left
 *   out, with a warning;
 * - every public page's card (`PAGE_CARDS`): the artwork with the page's title, at `/images/pages/{file}.png`.
 * Posts' cards are drawn by the server when they are published (server/sharing/post-images.ts).
 */
export async function writeSharingImages(
  publicDir: string,
  outDir: string,
  warn: (message: string) => void = console.warn,
): Promise<string[]> {
  const written: string[] = [];
  for (const file of await svgFiles(join(publicDir, 'images'))) {
    const image = await drawPng(await readFile(file));
    const path = relative(publicDir, file).replace(/\.svg$/, '.png');
    if (image.width !== SHARING_IMAGE_SIZE.width || image.height !== SHARING_IMAGE_SIZE.height) {
      warn(`sharing images: ${relative(publicDir, file)} is not ${SHARING_IMAGE_SIZE.width}×${SHARING_IMAGE_SIZE.height}; no PNG made`);
      continue;
    }
    await write(outDir, path, image.png);
    written.push(path);
  }
  for (const { file, title } of Object.values(PAGE_CARDS)) {
    const path = pageCardPath(file).slice(1);
    await write(outDir, path, (await drawPng(sharingCardSvg(title))).png);
    written.push(path);
  }
  return written;
}

/** The Vite build step that writes them beside the client assets (the server serves dist/client). */
export function sharingImages(): Plugin {
  return {
    name: 'sharing-images',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    async writeBundle(options) {
      const { publicDir } = this.environment.config;
      if (options.dir && publicDir) await writeSharingImages(publicDir, options.dir, (m) => this.warn(m));
    },
  };
}
