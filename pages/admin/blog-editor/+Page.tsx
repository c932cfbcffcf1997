import { useData } from 'vike-react/useData';
import { AdminShell } from '../ui/AdminShell.tsx';
import { type EditorData, PostEditor } from './PostEditor.tsx';

export default function NewPostPage() {
  return (
    <AdminShell title="New post">
      <PostEditor data={useData<EditorData>()} />
    </AdminShell>
  );
}
