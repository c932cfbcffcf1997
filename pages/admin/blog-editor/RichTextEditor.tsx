import Image from '@tiptap/extension-image';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { cleanPastedHtml } from '../../../shared/clean-pasted-html.ts';
import './prosemirror.css';

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:';
  } catch {
    return value.startsWith('/') && !value.startsWith('//');
  }
}

interface Props {
  html: string;
  onChange: (html: string) => void;
  labelId: string;
  describedBy?: string;
  invalid: boolean;
}

/**
 * The post body: Tiptap with headings, lists, links, images by URL, quotes and code. Before the browser has
 * loaded the editor (and on the server) the current content is shown as it will look.
 */
export function RichTextEditor({ html, onChange, labelId, describedBy, invalid }: Props) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', HTMLAttributes: { rel: 'noopener noreferrer', target: null } },
      }),
      Image.configure({ inline: false }),
    ],
    content: html,
    // Its base styles come from prosemirror.css: an injected <style> element would break the CSP.
    injectCSS: false,
    immediatelyRender: false,
    shouldRerenderOnTransaction: true,
    editorProps: {
      transformPastedHTML: cleanPastedHtml,
      attributes: {
        class: 'rte-content prose',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  if (!editor) {
    return <div className="rte-content prose rte-loading" aria-labelledby={labelId} dangerouslySetInnerHTML={{ __html: html }} />;
  }

  const chain = () => editor.chain().focus();
  const tools: Array<{ label: string; active?: boolean; run: () => void }> = [
    { label: 'Bold', active: editor.isActive('bold'), run: () => chain().toggleBold().run() },
    { label: 'Italic', active: editor.isActive('italic'), run: () => chain().toggleItalic().run() },
    { label: 'Heading 2', active: editor.isActive('heading', { level: 2 }), run: () => chain().toggleHeading({ level: 2 }).run() },
    { label: 'Heading 3', active: editor.isActive('heading', { level: 3 }), run: () => chain().toggleHeading({ level: 3 }).run() },
    { label: 'Bullet list', active: editor.isActive('bulletList'), run: () => chain().toggleBulletList().run() },
    { label: 'Numbered list', active: editor.isActive('orderedList'), run: () => chain().toggleOrderedList().run() },
    { label: 'Quote', active: editor.isActive('blockquote'), run: () => chain().toggleBlockquote().run() },
    { label: 'Code', active: editor.isActive('codeBlock'), run: () => chain().toggleCodeBlock().run() },
    {
      label: editor.isActive('link') ? 'Remove link' : 'Link',
      active: editor.isActive('link'),
      run: () => {
        if (editor.isActive('link')) return void chain().unsetLink().run();
        const href = window.prompt('Link address (https://…)')?.trim();
        if (href && isHttpUrl(href)) chain().extendMarkRange('link').setLink({ href }).run();
      },
    },
    {
      label: 'Image',
      run: () => {
        const src = window.prompt('Image address (https://…)')?.trim();
        if (!src || !isHttpUrl(src)) return;
        const alt = window.prompt('Describe the image for people who cannot see it') ?? '';
        chain().setImage({ src, alt }).run();
      },
    },
    { label: 'Undo', run: () => chain().undo().run() },
    { label: 'Redo', run: () => chain().redo().run() },
  ];

  return (
    <div className={`rte${invalid ? ' rte-invalid' : ''}`}>
      <div role="toolbar" aria-label="Formatting" aria-controls={`${labelId}-area`} className="rte-toolbar">
        {tools.map((tool) => (
          <button
            key={tool.label}
            type="button"
            className="rte-button"
            aria-pressed={tool.active === undefined ? undefined : tool.active}
            onClick={tool.run}
          >
            {tool.label}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} id={`${labelId}-area`} />
    </div>
  );
}
