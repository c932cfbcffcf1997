import { useData } from 'vike-react/useData';
import { type EditorData, PostEditor } from './PostEditor.tsx';

/** A new post; the editor's heading becomes its title once saved. */
export default function NewPostPage() {
  return <PostEditor data={useData<EditorData>()} />;
}
