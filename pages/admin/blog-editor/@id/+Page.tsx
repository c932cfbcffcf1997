import { useData } from 'vike-react/useData';
import { AdminShell } from '../../ui/AdminShell.tsx';
import { type EditorData, PostEditor } from '../PostEditor.tsx';

export default function EditPostPage() {
  const data = useData<EditorData>();
  return (
    <AdminShell title="Edit post">
      <PostEditor data={data} />
    </AdminShell>
  );
}
