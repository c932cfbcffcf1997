import { useState } from 'react';
import { FieldError } from '../../../../components/form/FieldError.tsx';
import { responsiveImage } from '../../../../shared/images.ts';
import { MEDIA_TEXT } from '../../../../shared/media.ts';
import { isImageUrl } from '../../../../shared/schemas/blog-post.ts';
import { RichTextEditor } from '../../blog-editor/RichTextEditor.tsx';
import { ChooseImageDialog } from '../../ui/media/ChooseImageDialog.tsx';
import { AdminInput, AdminTextArea } from '../../ui/AdminInput.tsx';
import { PAGES_TEXT } from '../../../../shared/pages-texts.ts';
import type { FieldSpec, FieldValue, TitledText } from '../../../../shared/site-words.ts';

type Errors = Record<string, string>;

/** An input's id from its path in the words ("values.1.title"), which is also how the server names its errors. */
export const fieldId = (path: string) => `words-${path.replace(/\./g, '-')}`;

/** A place a navigation link can go: a page of the site, a service, a page staff made. */
export interface LinkSuggestion {
  label: string;
  href: string;
}

const SUGGESTIONS_ID = 'link-suggestions';

/** The addresses a link's Address field offers as it is typed (any other address can still be typed). */
export function LinkSuggestions({ suggestions }: { suggestions: LinkSuggestion[] }) {
  return (
    <datalist id={SUGGESTIONS_ID}>
      {suggestions.map((s) => (
        <option key={s.href} value={s.href} label={s.label} />
      ))}
    </datalist>
  );
}

/** One labelled text box (a line or a paragraph), its hint and the server's error read with it. */
function TextBox({
  path,
  label,
  hint,
  value,
  multiline,
  max,
  errors,
  onChange,
  list,
}: {
  path: string;
  label: string;
  hint?: string | undefined;
  value: string;
  multiline: boolean;
  max: number;
  errors: Errors;
  onChange: (value: string) => void;
  /** The id of a datalist of suggestions. */
  list?: string;
}) {
  const common = { id: fieldId(path), name: path, label, hint, error: errors[path], value, maxLength: max };
  return multiline ? (
    <AdminTextArea {...common} rows={value.length > 200 ? 6 : 3} onChange={(e) => onChange(e.target.value)} />
  ) : (
    <AdminInput {...common} type="text" list={list} onChange={(e) => onChange(e.target.value)} />
  );
}

/**
 * An image's address (a page's social image) with the posts' featured-image way to fill it: chosen or uploaded in
 * the media library, previewed as the cards show it, removed with a button; the address can still be typed.
 */
function ImageBox({
  path,
  label,
  hint,
  value,
  max,
  errors,
  onChange,
}: {
  path: string;
  label: string;
  hint?: string | undefined;
  value: string;
  max: number;
  errors: Errors;
  onChange: (value: string) => void;
}) {
  const [choosing, setChoosing] = useState(false);
  const src = value.trim();
  return (
    <div className="words-image">
      {src && isImageUrl(src) && !errors[path] && (
        <div className="featured-preview">
          <img {...responsiveImage(src, 'card')} alt={PAGES_TEXT.imageNow(label)} width={192} height={101} />
          <button type="button" className="button button-ghost-dark" onClick={() => onChange('')}>
            {PAGES_TEXT.remove(label)}
          </button>
        </div>
      )}
      <TextBox path={path} label={label} hint={hint} value={value} multiline={false} max={max} errors={errors} onChange={onChange} />
      <p>
        <button type="button" className="button button-ghost-dark" onClick={() => setChoosing(true)}>
          {MEDIA_TEXT.chooseFromLibrary}
        </button>
      </p>
      <ChooseImageDialog
        open={choosing}
        title={PAGES_TEXT.chooseImage(label)}
        onClose={() => setChoosing(false)}
        onChoose={(image) => onChange(image.src)}
      />
    </div>
  );
}

/** Focuses the element with this id once React has drawn the change that made it (or kept it). */
function focusLater(id: string): void {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/** Moves item `from` to `to` (a reorder button's work). */
function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * A list as a fieldset: each item a group named by its number, with buttons that move it up or down and remove it
 * (while more than one is left), and one that adds an item while there is room.
 */
function ListFieldset<T extends string | TitledText>({
  path,
  spec,
  items,
  blank,
  errors,
  onChange,
  renderItem,
}: {
  path: string;
  spec: { label: string; item: string; maxItems: number };
  items: readonly T[];
  blank: T;
  errors: Errors;
  onChange: (items: T[]) => void;
  renderItem: (item: T, index: number, set: (item: T) => void) => React.ReactNode;
}) {
  const errorId = `${fieldId(path)}-error`;
  const buttonId = (i: number, way: 'up' | 'down') => `${fieldId(path)}-${i}-${way}`;
  const addId = `${fieldId(path)}-add`;
  // Focus follows the item a button moved (its button the same way, or the other one at the end of the list), so
  // a keyboard or screen-reader user keeps their place; after a removal it goes to the list's Add button.
  function move(from: number, to: number, way: 'up' | 'down') {
    onChange(moved(items, from, to));
    const atEnd = way === 'up' ? to === 0 : to === items.length - 1;
    focusLater(buttonId(to, atEnd ? (way === 'up' ? 'down' : 'up') : way));
  }
  return (
    <fieldset className="words-list-field" aria-describedby={errors[path] ? errorId : undefined}>
      <legend>{spec.label}</legend>
      <FieldError id={errorId} message={errors[path]} />
      {items.map((item, i) => {
        const name = PAGES_TEXT.itemLabel(spec.item, i + 1);
        return (
          <div key={i} className="words-item" role="group" aria-label={name}>
            {renderItem(item, i, (next) => onChange(items.map((x, j) => (j === i ? next : x))))}
            <div className="button-row">
              {i > 0 && (
                <button
                  type="button"
                  id={buttonId(i, 'up')}
                  className="button button-small"
                  aria-label={`${PAGES_TEXT.moveUp(spec.item)} (${name})`}
                  onClick={() => move(i, i - 1, 'up')}
                >
                  ↑
                </button>
              )}
              {i < items.length - 1 && (
                <button
                  type="button"
                  id={buttonId(i, 'down')}
                  className="button button-small"
                  aria-label={`${PAGES_TEXT.moveDown(spec.item)} (${name})`}
                  onClick={() => move(i, i + 1, 'down')}
                >
                  ↓
                </button>
              )}
              {items.length > 1 && (
                <button
                  type="button"
                  className="button button-danger-ghost"
                  aria-label={`${PAGES_TEXT.remove(spec.item)} (${name})`}
                  onClick={() => {
                    onChange(items.filter((_, j) => j !== i));
                    focusLater(addId);
                  }}
                >
                  {PAGES_TEXT.remove(spec.item)}
                </button>
              )}
            </div>
          </div>
        );
      })}
      {items.length < spec.maxItems && (
        <button type="button" id={addId} className="button button-small" onClick={() => onChange([...items, blank])}>
          {PAGES_TEXT.add(spec.item)}
        </button>
      )}
    </fieldset>
  );
}

/** One field of a page's form, shaped by its description in shared/site-words.ts. */
export function WordsField({
  name,
  spec,
  value,
  errors,
  onChange,
}: {
  name: string;
  spec: FieldSpec;
  value: FieldValue;
  errors: Errors;
  onChange: (value: FieldValue) => void;
}) {
  switch (spec.kind) {
    case 'image':
      return (
        <ImageBox
          path={name}
          label={spec.label}
          hint={spec.hint}
          value={String(value)}
          max={spec.max}
          errors={errors}
          onChange={onChange}
        />
      );
    case 'line':
    case 'text':
    case 'address':
      return (
        <TextBox
          path={name}
          label={spec.label}
          hint={spec.hint}
          value={String(value)}
          multiline={spec.kind === 'text'}
          max={spec.max}
          errors={errors}
          onChange={onChange}
        />
      );
    case 'rich': {
      const id = fieldId(name);
      return (
        <div className="field">
          <span className="label" id={`${id}-label`}>
            {spec.label}
          </span>
          <RichTextEditor
            html={String(value)}
            onChange={onChange}
            labelId={`${id}-label`}
            describedBy={errors[name] ? `${id}-error` : undefined}
            invalid={Boolean(errors[name])}
          />
          <FieldError id={`${id}-error`} message={errors[name]} />
        </div>
      );
    }
    case 'flag':
      return (
        <div className="checkbox">
          <input type="checkbox" id={fieldId(name)} name={name} checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          <label htmlFor={fieldId(name)}>{spec.label}</label>
        </div>
      );
    case 'lines':
    case 'paragraphs':
      return (
        <ListFieldset<string>
          path={name}
          spec={spec}
          items={value as string[]}
          blank=""
          errors={errors}
          onChange={onChange}
          renderItem={(item, i, set) => (
            <TextBox
              path={`${name}.${i}`}
              label={PAGES_TEXT.itemLabel(spec.item, i + 1)}
              value={item}
              multiline={spec.kind === 'paragraphs'}
              max={spec.max}
              errors={errors}
              onChange={set}
            />
          )}
        />
      );
    case 'pairs':
    case 'links':
      return (
        <ListFieldset<TitledText>
          path={name}
          spec={spec}
          items={value as TitledText[]}
          blank={{ title: '', text: '' }}
          errors={errors}
          onChange={onChange}
          renderItem={(item, i, set) => (
            <>
              <TextBox
                path={`${name}.${i}.title`}
                label={spec.titleLabel}
                value={item.title}
                multiline={false}
                max={spec.titleMax}
                errors={errors}
                onChange={(title) => set({ ...item, title })}
              />
              <TextBox
                path={`${name}.${i}.text`}
                label={spec.textLabel}
                value={item.text}
                multiline={spec.kind === 'pairs'}
                list={spec.kind === 'links' ? SUGGESTIONS_ID : undefined}
                max={spec.textMax}
                errors={errors}
                onChange={(text) => set({ ...item, text })}
              />
            </>
          )}
        />
      );
  }
}
