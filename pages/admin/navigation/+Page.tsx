import { useData } from 'vike-react/useData';
import { WordsEditor } from '../site-pages/@key/WordsEditor.tsx';
import type { NavigationData } from './+data.ts';

/** The header's and the footer's links, with the same draft, publish and history as a page's words. */
export default function NavigationPage() {
  const { state, suggestions } = useData<NavigationData>();
  return <WordsEditor initial={state} suggestions={suggestions} />;
}
