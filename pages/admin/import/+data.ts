import type { PageContextServer } from 'vike/types';
import type { ImportStatus } from '../../../shared/import-messages.ts';

export interface ImportPageData {
  last: ImportStatus | null;
}

export async function data(pageContext: PageContextServer): Promise<ImportPageData> {
  return { last: await pageContext.services.admin.lastImport() };
}
