import { useState } from 'react';
import { FieldError } from '../../../components/form/FieldError.tsx';
import { LOOK_TEXT } from '../../../shared/look-texts.ts';
import type { SiteSettings } from '../../../shared/company.ts';
import { DEFAULT_ACCENT, HEX_COLOUR } from '../../../shared/contrast.ts';
import { logoSize } from '../../../shared/logo.ts';
import type { LibraryImage } from '../../../shared/media.ts';
import { AdminInput } from '../ui/AdminInput.tsx';
import { ChooseImageDialog } from '../ui/media/ChooseImageDialog.tsx';

type Errors = Record<string, string>;
type Look = Pick<SiteSettings, 'logo' | 'favicon' | 'accent'>;

/** The look's fields in page order, by the names the server's messages use (for focusing the first refused). */
export const LOOK_FIELDS = ['logo.src', 'logo.alt', 'favicon', 'accent'] as const;

/**
 * One image of the look, chosen from the media library in a dialog (or uploaded there): what is chosen now, or
 * what the site shows without one, and a button to remove it. The choose button carries the field's name, so a
 * refusal focuses it, and reads the hint and the refusal with it.
 */
function ImageChoice({
  name,
  texts,
  src,
  previewSize = { width: 48, height: 48 },
  errors,
  onChoose,
  onRemove,
  children,
}: {
  name: string;
  /** The choice's legend, hint, what shows when nothing is chosen, and its button. */
  texts: { legend: string; hint: string; none: string; choose: string };
  src: string | undefined;
  /** The preview's size: the logo's as the header draws it, so a too-wide logo shows here as it will there. */
  previewSize?: { width: number; height: number } | undefined;
  errors: Errors;
  onChoose: (image: LibraryImage) => void;
  onRemove: () => void;
  children?: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = `settings-${name.replace(/\./g, '-')}`;
  const error = errors[name];
  const describedBy = [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <fieldset className="settings-image">
      <legend>{texts.legend}</legend>
      <p id={`${id}-hint`} className="hint">
        {texts.hint}
      </p>
      {src ? (
        <div className="settings-image-preview">
          <img src={src} alt={LOOK_TEXT.chosenNow} {...previewSize} />
        </div>
      ) : (
        <p>{texts.none}</p>
      )}
      <div className="button-row">
        <button
          type="button"
          id={id}
          name={name}
          className="button button-small button-ghost-dark"
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onClick={() => setOpen(true)}
        >
          {texts.choose}
        </button>
        {src && (
          <button type="button" className="button button-small button-danger-ghost" onClick={onRemove}>
            {LOOK_TEXT.removeImage(texts.legend)}
          </button>
        )}
      </div>
      <FieldError id={`${id}-error`} message={error} />
      {children}
      <ChooseImageDialog open={open} title={texts.choose} onClose={() => setOpen(false)} onChoose={onChoose} />
    </fieldset>
  );
}

/**
 * The site's look (docs/product.md#settings): the logo with its alt text, the favicon, and the accent colour as a
 * colour picker and its hex value side by side (the picker cannot be read out or typed into everywhere; the text
 * can). Nothing chosen is today's look; the server refuses an accent that fails WCAG AA, in words, beside it.
 */
export function LookFields({
  form,
  companyName,
  errors,
  onChange,
}: {
  form: Look;
  companyName: string;
  errors: Errors;
  onChange: (patch: Partial<Look>) => void;
}) {
  const accent = form.accent ?? DEFAULT_ACCENT;
  const logo = form.logo;
  return (
    <fieldset>
      <legend>{LOOK_TEXT.look}</legend>
      <p className="hint">{LOOK_TEXT.lookIntro}</p>
      <ImageChoice
        name="logo.src"
        texts={LOOK_TEXT.logo}
        src={logo?.src}
        previewSize={logo}
        errors={errors}
        onChoose={(image) => onChange({ logo: { src: image.src, alt: logo?.alt || companyName, ...logoSize(image) } })}
        onRemove={() => onChange({ logo: undefined })}
      >
        {logo && (
          <AdminInput
            id="settings-logo-alt"
            name="logo.alt"
            label={LOOK_TEXT.logoAlt}
            hint={LOOK_TEXT.logoAltHint}
            value={logo.alt}
            error={errors['logo.alt']}
            onChange={(e) => onChange({ logo: { ...logo, alt: e.target.value } })}
          />
        )}
      </ImageChoice>
      <ImageChoice
        name="favicon"
        texts={LOOK_TEXT.favicon}
        src={form.favicon}
        errors={errors}
        onChoose={(image) => onChange({ favicon: image.src })}
        onRemove={() => onChange({ favicon: undefined })}
      />
      <div className="settings-accent">
        <AdminInput
          id="settings-accent"
          name="accent"
          label={LOOK_TEXT.accent}
          hint={LOOK_TEXT.accentHint}
          value={accent}
          required={false}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          error={errors.accent}
          onChange={(e) => onChange({ accent: e.target.value })}
        />
        <div className="field">
          <label htmlFor="settings-accent-picker">{LOOK_TEXT.accentPicker}</label>
          <input
            type="color"
            id="settings-accent-picker"
            value={HEX_COLOUR.test(accent.toLowerCase()) ? accent.toLowerCase() : DEFAULT_ACCENT}
            aria-describedby="settings-accent-hint"
            onChange={(e) => onChange({ accent: e.target.value })}
          />
        </div>
        {form.accent !== undefined && form.accent.toLowerCase() !== DEFAULT_ACCENT && (
          <button type="button" className="button button-small button-ghost-dark" onClick={() => onChange({ accent: undefined })}>
            {LOOK_TEXT.accentDefault}
          </button>
        )}
      </div>
    </fieldset>
  );
}
