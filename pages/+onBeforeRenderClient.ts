import type { PageContextClient } from 'vike/types';

/**
 * Hydration renders the whole page in one go. Starting it in a task of its own, after the one that evaluated
 * the page's modules, keeps the two from adding up to one long task that would hold up the visitor's first tap.
 */
export function onBeforeRenderClient(pageContext: PageContextClient): Promise<void> | void {
  if (!pageContext.isHydration) return;
  return new Promise((resolve) => setTimeout(resolve, 0));
}
