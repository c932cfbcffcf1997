import { useData } from 'vike-react/useData';
import { type EditorData, PostEditor } from '../PostEditor.tsx';

/** A saved post in the editor, headed with its title. */
export default function EditPostPage() {
  return <PostEditor data={useData<EditorData>()} />;
}
