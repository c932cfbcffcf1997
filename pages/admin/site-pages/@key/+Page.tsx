import { useData } from 'vike-react/useData';
import { WordsEditor } from './WordsEditor.tsx';
import type { WordsEditorData } from './+data.ts';

export default function WordsEditorPage() {
  const { state, shareLinks } = useData<WordsEditorData>();
  return <WordsEditor initial={state} shareLinks={shareLinks} />;
}
