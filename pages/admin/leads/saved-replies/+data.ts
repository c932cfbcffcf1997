import type { PageContextServer } from 'vike/types';
import type { SavedReply } from '../../../../shared/saved-replies.ts';

export interface SavedRepliesData {
  savedReplies: SavedReply[];
}

export async function data(pageContext: PageContextServer): Promise<SavedRepliesData> {
  return { savedReplies: await pageContext.services.admin.savedReplies() };
}
