import { useData } from 'vike-react/useData';
import type { WordsEditorState } from '../../../../shared/site-words.ts';
import { WordsEditor } from './WordsEditor.tsx';

export default function WordsEditorPage() {
  return <WordsEditor initial={useData<WordsEditorState>()} />;
}
