/**
 * Regenerates tests/fixtures/wordpress/real-export.xml, the export made by a real WordPress that the import is
 * tested with (tests/integration/import-real-wordpress.test.ts, docs/product.md#import). Run by hand, never by the
 * tests: `node scripts/make-wordpress-export.ts`. The packages below (about 330 MB, every PHP version) are not the
 * project's dependencies: the first run installs them, at these versions, into node_modules/.cache/wordpress-export.
 *
 * It runs WordPress 6.5.5 (the build @wp-playground/wordpress-builds 0.9.19 ships, with its SQLite database
 * plugin) on PHP 8.3 compiled to WebAssembly (@php-wasm/node 3.1.56), booted by @wp-playground/wordpress 3.1.56,
 * all inside Node and offline: nothing is downloaded (it runs the same in a network namespace with no network).
 * scripts/make-wordpress-export.php fills the site through WordPress's own functions and calls its own export_wp();
 * the file is saved as WordPress wrote it but for the export's date, which WordPress takes from the clock and is
 * pinned here (the PHP pins the clock's other marks), so two runs give the same file. The site's address is
 * https://old.example.com, which nothing answers.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SITE = 'https://old.example.com';
const PHP_VERSION = '8.3';
const WORDPRESS_BUILD = 'wp-6.5.zip';
/** When the export says it was made: after the newest item in it. */
const EXPORTED_AT = new Date('2024-03-10T00:00:00Z');

const PACKAGES = ['@php-wasm/node@3.1.56', '@wp-playground/wordpress@3.1.56', '@wp-playground/wordpress-builds@0.9.19'];

const here = dirname(fileURLToPath(import.meta.url));
const target = join(here, '..', 'tests', 'fixtures', 'wordpress', 'real-export.xml');
const cache = join(here, '..', 'node_modules', '.cache', 'wordpress-export');
if (!existsSync(join(cache, 'node_modules', '@wp-playground', 'wordpress-builds'))) {
  console.log(`installing ${PACKAGES.join(', ')} into ${cache} ...`);
  execFileSync('npm', ['install', '--prefix', cache, '--no-save', '--no-audit', '--no-fund', ...PACKAGES], { stdio: 'inherit' });
}
const resolve = createRequire(join(cache, 'package.json')).resolve;
/** The one function used of each package, typed here (they are loaded from the cache, outside the project's types). */
const { loadNodeRuntime }: { loadNodeRuntime(version: string, options: { emscriptenOptions: { processId: number } }): Promise<number> } =
  await import(pathToFileURL(resolve('@php-wasm/node')).href);
const {
  bootWordPressAndRequestHandler,
}: {
  bootWordPressAndRequestHandler(options: {
    createPhpRuntime: () => Promise<number>;
    phpVersion: string;
    siteUrl: string;
    wordPressZip: File;
    sqliteIntegrationPluginZip: File;
  }): Promise<{
    getPrimaryPhp(): Promise<{
      run(request: { code: string }): Promise<{ text: string; errors: string }>;
      readFileAsText(path: string): string;
    }>;
  }>;
} = await import(pathToFileURL(resolve('@wp-playground/wordpress')).href);
// The builds package has no entry point of its own: its zips are read from where it is installed.
const builds = dirname(resolve('@wp-playground/wordpress-builds/package.json'));

const zip = async (path: string, name: string) => new File([await readFile(path)], name, { type: 'application/zip' });

/** The export's own date and the generator comment's, which WordPress takes from the clock, as `EXPORTED_AT`. */
function pinExportDate(xml: string): string {
  const created = EXPORTED_AT.toISOString().slice(0, 16).replace('T', ' ');
  return xml
    .replace(/(<!-- generator="WordPress\/[^"]*" created=")[^"]*(")/, `$1${created}$2`)
    .replace(/(<channel>\s*<title>[\s\S]*?<pubDate>)[^<]*(<\/pubDate>)/, `$1${EXPORTED_AT.toUTCString().replace('GMT', '+0000')}$2`);
}

const handler = await bootWordPressAndRequestHandler({
  createPhpRuntime: () => loadNodeRuntime(PHP_VERSION, { emscriptenOptions: { processId: 1 } }),
  phpVersion: PHP_VERSION,
  siteUrl: SITE,
  wordPressZip: await zip(join(builds, 'src', 'wordpress', WORDPRESS_BUILD), WORDPRESS_BUILD),
  sqliteIntegrationPluginZip: await zip(
    join(builds, 'src', 'sqlite-database-integration', 'sqlite-database-integration.zip'),
    'sqlite-database-integration.zip',
  ),
});
const php = await handler.getPrimaryPhp();
const version = await php.run({ code: '<?php require "/wordpress/wp-includes/version.php"; echo $wp_version, " on PHP ", PHP_VERSION;' });
const run = await php.run({ code: await readFile(join(here, 'make-wordpress-export.php'), 'utf8') });
// Anything printed is a warning or a notice from WordPress: the file would not be what it should.
if (run.text.trim() || run.errors.trim()) {
  console.error(run.text, run.errors);
  process.exit(1);
}
const xml = pinExportDate(php.readFileAsText('/tmp/export.xml'));
await writeFile(target, xml);
console.log(`WordPress ${version.text}: wrote ${target} (${Math.round(xml.length / 1024)} KB)`);
// The PHP runtime keeps Node's event loop alive.
process.exit(0);
