import { type ComponentChild, render } from 'preact';
import { createRoot } from 'preact/compat/client';

/**
 * Stands in for `react-dom/client` in the browser build (see vite.config.ts). The HTML comes from React's
 * server renderer, and Preact's own hydrate() keeps every server attribute as it is: ids from React's useId
 * would then stay on labels and inputs while aria-describedby, set later by Preact, names Preact's ids.
 * render() over the server's DOM reuses its nodes but writes every attribute, so both sides agree.
 */
export function hydrateRoot(container: Element, children: ComponentChild) {
  render(children, container);
  return createRoot(container);
}

export { createRoot };
export default { createRoot, hydrateRoot };
