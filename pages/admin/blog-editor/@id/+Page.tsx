import { useData } from 'vike-react/useData';
import { POSTS_TEXT } from '../../../../shared/messages.ts';
import { AdminShell } from '../../ui/AdminShell.tsx';
import { type EditorData, PostEditor } from '../PostEditor.tsx';

export default function EditPostPage() {
  const data = useData<EditorData>();
  return (
    <AdminShell title={POSTS_TEXT.editPost}>
      <PostEditor data={data} />
    </AdminShell>
  );
}
