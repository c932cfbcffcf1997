import { useData } from 'vike-react/useData';
import { POSTS_TEXT } from '../../../shared/messages.ts';
import { AdminShell } from '../ui/AdminShell.tsx';
import { type EditorData, PostEditor } from './PostEditor.tsx';

export default function NewPostPage() {
  return (
    <AdminShell title={POSTS_TEXT.newPost}>
      <PostEditor data={useData<EditorData>()} />
    </AdminShell>
  );
}
