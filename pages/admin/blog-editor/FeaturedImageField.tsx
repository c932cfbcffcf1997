import { useId, useState } from 'react';
import { ALT_TEXT_MAX, responsiveImage } from '../../../shared/images.ts';
import { type LibraryImage, MEDIA_TEXT } from '../../../shared/media.ts';
import { POSTS_TEXT } from '../../../shared/admin-texts.ts';
import type { EditorForm } from '../../../shared/schemas/blog-post.ts';
import { TextField } from '../../../components/form/TextField.tsx';
import { ChooseImageDialog } from '../ui/media/ChooseImageDialog.tsx';
import { UploadZone } from '../ui/media/UploadZone.tsx';
import { useSettledValue } from '../ui/use-settled-value.ts';
import { isImageUrl } from '../../../shared/schemas/blog-post.ts';

type FeaturedForm = Pick<EditorForm, 'featuredImage' | 'featuredImageAlt' | 'featuredImageDecorative'>;

/**
 * The post's featured image: uploaded into the media library here, chosen from it, or an https address typed in;
 * shown as the cards will show it. With an image comes its alt text, required unless the image is marked
 * decorative (docs/product.md#blog-editor); a library image brings its own.
 */
export function FeaturedImageField({
  form,
  onChange,
  errors,
}: {
  form: FeaturedForm;
  onChange: (patch: Partial<FeaturedForm>) => void;
  errors: Record<string, string>;
}) {
  const id = useId();
  const [choosing, setChoosing] = useState(false);
  // The preview fetches a typed address once typing pauses, and only a whole one (never each half-typed address).
  const src = form.featuredImage.trim();
  const shown = useSettledValue(src);
  const use = (image: LibraryImage) => onChange({ featuredImage: image.src, featuredImageAlt: image.alt, featuredImageDecorative: false });
  return (
    <fieldset className="featured-image">
      <legend>{POSTS_TEXT.featuredImage}</legend>
      {src && isImageUrl(shown) && !errors.featuredImage && (
        <div className="featured-preview">
          <img {...responsiveImage(shown, 'card')} alt={POSTS_TEXT.featuredNow} width={192} height={101} />
          <button
            type="button"
            className="button button-ghost-dark"
            onClick={() => onChange({ featuredImage: '', featuredImageAlt: '', featuredImageDecorative: false })}
          >
            {POSTS_TEXT.removeFeatured}
          </button>
        </div>
      )}
      <p>
        <button type="button" className="button button-ghost-dark" onClick={() => setChoosing(true)}>
          {MEDIA_TEXT.chooseFromLibrary}
        </button>
      </p>
      <UploadZone label={POSTS_TEXT.uploadFeatured} onUploaded={use} />
      <TextField
        name="featuredImage"
        label={POSTS_TEXT.featuredUrl}
        value={form.featuredImage}
        onValueChange={(featuredImage) => onChange({ featuredImage })}
        error={errors.featuredImage}
        type="url"
        hint={POSTS_TEXT.featuredHint}
        maxLength={2000}
      />
      {src && (
        <>
          <TextField
            name="featuredImageAlt"
            label={MEDIA_TEXT.featuredAlt}
            value={form.featuredImageAlt}
            onValueChange={(featuredImageAlt) => onChange({ featuredImageAlt })}
            error={errors.featuredImageAlt}
            required={!form.featuredImageDecorative}
            disabled={form.featuredImageDecorative}
            hint={MEDIA_TEXT.featuredAltHint}
            maxLength={ALT_TEXT_MAX}
          />
          <div className="checkbox">
            <input
              id={`${id}-decorative`}
              type="checkbox"
              checked={form.featuredImageDecorative}
              onChange={(event) => onChange({ featuredImageDecorative: event.target.checked })}
            />
            <label htmlFor={`${id}-decorative`}>{MEDIA_TEXT.decorative}</label>
          </div>
        </>
      )}
      <ChooseImageDialog open={choosing} title={MEDIA_TEXT.chooseFeatured} onClose={() => setChoosing(false)} onChoose={use} />
    </fieldset>
  );
}
