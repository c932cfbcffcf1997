/**
 * Imports a WordPress export (WXR), a Ghost JSON export or this site's own archive from the server's disk, for
 * sites too big for the Import page's upload (docs/product.md#import). The same service as the page: the dry run
 * first (printed), then the import in one transaction, then its report.
 *
 *   npm run import -- FILE [--uploads ZIP] [--dry-run] [--byline NAME]
 *
 * --uploads names a zip of wp-content/uploads (else images are fetched from the old site); --byline is the author
 * of posts whose file names none.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { IMPORT_TEXT, type SummaryLine, summaryLines } from '../shared/import-messages.ts';
import { createLogger } from '../server/core/logger.ts';
import { createImageService } from '../server/media/image-service.ts';
import { createImportService } from '../server/import/import-service.ts';
import { BLOG_AREA } from '../server/blog/blog-service.ts';
import { createSettingsService } from '../server/settings/settings-service.ts';
import { loadCliConfig, openMigratedDb } from './cli-env.ts';

/** A summary as the terminal shows it: each line, then the items it heads indented. */
function printed(lines: SummaryLine[]): string {
  return lines.flatMap((line) => [line.text, ...(line.items ?? []).map((item) => `  - ${item}`)]).join('\n');
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      uploads: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      byline: { type: 'string', default: IMPORT_TEXT.commandLineByline },
    },
  });
  const [file] = positionals;
  if (!file || positionals.length > 1) {
    console.error(IMPORT_TEXT.usage);
    return 2;
  }
  const config = loadCliConfig();
  const { handle } = await openMigratedDb(config);
  const logger = createLogger({ ...config, LOG_LEVEL: 'warn' });
  try {
    const actor = { userId: null, email: 'command line', ip: null };
    const images = createImageService({ db: handle.db });
    const settings = createSettingsService({ db: handle.db, logger, contentArea: BLOG_AREA, images });
    const imports = createImportService({
      db: handle.db,
      images,
      logger,
      nameOf: async () => values.byline,
      applySettings: (input, by) => settings.update(input, by),
    });
    // The files stay where they are: the service removes only folders it is given.
    const files = { dirs: [], exportPath: resolve(file), fileName: file, uploadsPath: values.uploads ? resolve(values.uploads) : null };
    const plan = await imports.plan(files, actor);
    console.log(`${IMPORT_TEXT.planHeading}:\n${printed(summaryLines(plan.summary))}\n`);
    if (values['dry-run']) {
      console.log(IMPORT_TEXT.dryRunDone);
      return 0;
    }
    const report = await imports.run(plan.id, actor);
    console.log(`${IMPORT_TEXT.reportHeading}:\n${printed(summaryLines(report.summary))}`);
    if (report.state === 'failed') {
      console.error(report.error);
      return 1;
    }
    console.log(IMPORT_TEXT.finished(report.summary.counts));
    return 0;
  } catch (err) {
    console.error((err as Error).message);
    return 1;
  } finally {
    await handle.db.destroy();
  }
}

process.exitCode = await main();
