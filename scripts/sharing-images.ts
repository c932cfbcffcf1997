import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import type { Plugin } from 'vite';
import { SHARING_IMAGE_SIZE } from '../shared/sharing-image.ts';

async function svgFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? svgFiles(join(dir, e.name)) : Promise.resolve(e.name.endsWith('.svg') ? [join(dir, e.name)] : []))),
  );
  return nested.flat();
}

/**
 * Draws a PNG twin (1200×630) of every SVG artwork under `publicDir/images` into `outDir`, at the same path:
 * the pictures on the site stay crisp SVGs, and the sharing images (og:image, shared/sharing-image.ts) are
 * PNGs the social networks display. Artwork of another size is left out, with a warning.
 */
export async function writeSharingImages(publicDir: string, outDir: string, warn: (message: string) => void = console.warn): Promise<string[]> {
  const written: string[] = [];
  for (const file of await svgFiles(join(publicDir, 'images'))) {
    const image = new Resvg(await readFile(file), { fitTo: { mode: 'width', value: SHARING_IMAGE_SIZE.width } }).render();
    const path = relative(publicDir, file).replace(/\.svg$/, '.png');
    if (image.width !== SHARING_IMAGE_SIZE.width || image.height !== SHARING_IMAGE_SIZE.height) {
      warn(`sharing images: ${relative(publicDir, file)} is not ${SHARING_IMAGE_SIZE.width}×${SHARING_IMAGE_SIZE.height}; no PNG made`);
      continue;
    }
    await mkdir(dirname(join(outDir, path)), { recursive: true });
    await writeFile(join(outDir, path), image.asPng());
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
