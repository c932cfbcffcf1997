import Image from '@tiptap/extension-image';
import { type CommandProps, type Editor, EditorContent, Extension, createDocument, getHTMLFromFragment, useEditor } from '@tiptap/react';
import { Selection, TextSelection } from '@tiptap/pm/state';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import { cleanPastedHtml } from '../../../shared/clean-pasted-html.ts';
import { EDITOR_TEXT } from '../../../shared/admin-texts.ts';
import { ImageDialog } from './ImageDialog.tsx';
import { type LinkRequest, LinkDialog } from './LinkDialog.tsx';
import { Toolbar, type Tool } from './Toolbar.tsx';
import './prosemirror.css';
import './editor.css';

/** The link dialog for where the cursor is: the link there, or words to link when nothing is selected. */
function linkRequestFor(editor: Editor): LinkRequest {
  const href = (editor.getAttributes('link').href as string | undefined) ?? '';
  return { href, needsText: editor.state.selection.empty && !editor.isActive('link') };
}

/**
 * Puts the caret in the paragraph after the block just inserted (a new one when none follows), as after a
 * horizontal rule: left selected, the image would be replaced by the first key typed (docs/product.md#blog-editor).
 */
function caretAfterInserted({ tr, dispatch }: CommandProps): boolean {
  const after = tr.selection.to;
  if (dispatch) {
    if (!tr.doc.resolve(after).nodeAfter?.isTextblock) tr.insert(after, tr.doc.type.schema.nodes.paragraph!.create());
    tr.setSelection(TextSelection.create(tr.doc, after + 1)).scrollIntoView();
  }
  return true;
}

/** Puts the caret at the end of the link just made, so typing goes on after it rather than replacing its words. */
function caretAfterSelection({ tr, dispatch }: CommandProps): boolean {
  // Near, not at: the end of a select-all is outside any paragraph.
  if (dispatch) tr.setSelection(Selection.near(tr.doc.resolve(tr.selection.to), -1));
  return true;
}

interface Props {
  html: string;
  onChange: (html: string) => void;
  /**
   * The content written the way the editor writes it, where that differs from what it was given without anyone
   * editing: content from outside (the post as opened, or as stored by a save) in the editor's attribute order,
   * or the editor's own rules at work (an empty paragraph kept after a closing image). The form can then tell no
   * change from a change.
   */
  onNormalize?: (written: string, given: string) => void;
  labelId: string;
  describedBy?: string;
  invalid: boolean;
}

/**
 * The post body: Tiptap with headings, lists, links, images, quotes and code; a toolbar of icon buttons whose
 * tooltips name their keyboard shortcuts; links and images through dialogs in the page. Before the browser has
 * loaded the editor (and on the server) the current content is shown as it will look.
 */
export function RichTextEditor({ html, onChange, onNormalize, labelId, describedBy, invalid }: Props) {
  const [linkRequest, setLinkRequest] = useState<LinkRequest | null>(null);
  const [imageOpen, setImageOpen] = useState(false);
  /** The last content the editor wrote or was given and wrote again. */
  const known = useRef<string | null>(null);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          HTMLAttributes: { rel: 'noopener noreferrer', target: null },
        },
      }),
      Image.configure({ inline: false }),
      Extension.create({
        name: 'linkDialogShortcut',
        addKeyboardShortcuts() {
          return {
            'Mod-k': () => {
              setLinkRequest(linkRequestFor(this.editor));
              return true;
            },
          };
        },
      }),
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
    onUpdate: ({ editor: e, transaction }) => {
      const written = e.isEmpty ? '' : e.getHTML();
      const given = known.current;
      known.current = written;
      // The step itself changed nothing (a click, a key that only moves the caret): the editor's own rules did.
      if (!transaction.docChanged && given !== null) onNormalize?.(written, given);
      else onChange(written);
    },
  });

  // Only content from outside is written again (parsing it is not free): what the editor itself wrote is known.
  useEffect(() => {
    if (!editor || html === known.current) return;
    const written = html && getHTMLFromFragment(createDocument(html, editor.schema).content, editor.schema);
    known.current = written;
    if (written !== html) onNormalize?.(written, html);
  }, [editor, html, onNormalize]);

  if (!editor) {
    return <div className="rte-content prose rte-loading" aria-labelledby={labelId} dangerouslySetInnerHTML={{ __html: html }} />;
  }

  const chain = () => editor.chain().focus();
  const closeDialogs = () => {
    setLinkRequest(null);
    setImageOpen(false);
    editor.commands.focus();
  };

  const label = EDITOR_TEXT.tools;
  const tools: Tool[] = [
    { icon: 'bold', label: label.bold, keys: ['Mod', 'B'], active: editor.isActive('bold'), run: () => chain().toggleBold().run() },
    { icon: 'italic', label: label.italic, keys: ['Mod', 'I'], active: editor.isActive('italic'), run: () => chain().toggleItalic().run() },
    {
      icon: 'h2',
      label: label.h2,
      keys: ['Mod', 'Alt', '2'],
      active: editor.isActive('heading', { level: 2 }),
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      icon: 'h3',
      label: label.h3,
      keys: ['Mod', 'Alt', '3'],
      active: editor.isActive('heading', { level: 3 }),
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    {
      icon: 'bulletList',
      label: label.bulletList,
      keys: ['Mod', 'Shift', '8'],
      active: editor.isActive('bulletList'),
      run: () => chain().toggleBulletList().run(),
    },
    {
      icon: 'orderedList',
      label: label.orderedList,
      keys: ['Mod', 'Shift', '7'],
      active: editor.isActive('orderedList'),
      run: () => chain().toggleOrderedList().run(),
    },
    {
      icon: 'quote',
      label: label.quote,
      keys: ['Mod', 'Shift', 'B'],
      active: editor.isActive('blockquote'),
      run: () => chain().toggleBlockquote().run(),
    },
    {
      icon: 'code',
      label: label.code,
      keys: ['Mod', 'Alt', 'C'],
      active: editor.isActive('codeBlock'),
      run: () => chain().toggleCodeBlock().run(),
    },
    {
      icon: 'link',
      label: label.link,
      keys: ['Mod', 'K'],
      active: editor.isActive('link'),
      run: () => setLinkRequest(linkRequestFor(editor)),
    },
    { icon: 'image', label: label.image, run: () => setImageOpen(true) },
    { icon: 'undo', label: label.undo, keys: ['Mod', 'Z'], disabled: !editor.can().undo(), run: () => chain().undo().run() },
    { icon: 'redo', label: label.redo, keys: ['Mod', 'Shift', 'Z'], disabled: !editor.can().redo(), run: () => chain().redo().run() },
  ];

  return (
    <div className={`rte${invalid ? ' rte-invalid' : ''}`}>
      <Toolbar label={EDITOR_TEXT.toolbar} controls={`${labelId}-area`} tools={tools} />
      <EditorContent editor={editor} id={`${labelId}-area`} />
      <LinkDialog
        request={linkRequest}
        onClose={closeDialogs}
        onRemove={() => {
          chain().extendMarkRange('link').unsetLink().run();
          setLinkRequest(null);
        }}
        onApply={(href, text) => {
          if (text)
            chain()
              .insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] })
              .run();
          else chain().extendMarkRange('link').setLink({ href }).command(caretAfterSelection).run();
          setLinkRequest(null);
        }}
      />
      <ImageDialog
        open={imageOpen}
        onClose={closeDialogs}
        onInsert={(image) => {
          chain().setImage(image).command(caretAfterInserted).run();
          setImageOpen(false);
        }}
      />
    </div>
  );
}
