import { responsiveImage } from '../../../shared/images.ts';
import { POSTS_TEXT } from '../../../shared/messages.ts';
import { isImageUrl } from '../../../shared/schemas/blog-post.ts';
import { TextField } from '../../../components/form/TextField.tsx';
import { useSettledValue } from '../ui/use-settled-value.ts';
import { ImageUpload } from './ImageUpload.tsx';

/** The post's featured image: uploaded here, or an https address typed in; shown as the cards will show it. */
export function FeaturedImageField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error: string | undefined }) {
  // The preview fetches an address once typing pauses, and only a whole one (never each half-typed address).
  const src = useSettledValue(value.trim());
  return (
    <fieldset className="featured-image">
      <legend>{POSTS_TEXT.featuredImage}</legend>
      {value.trim() && isImageUrl(src) && !error && (
        <div className="featured-preview">
          <img {...responsiveImage(src, 'card')} alt={POSTS_TEXT.featuredNow} width={192} height={101} />
          <button type="button" className="button button-ghost-dark" onClick={() => onChange('')}>
            {POSTS_TEXT.removeFeatured}
          </button>
        </div>
      )}
      <ImageUpload label={POSTS_TEXT.uploadFeatured} onUploaded={(image) => onChange(image.src)} />
      <TextField name="featuredImage" label={POSTS_TEXT.featuredUrl} value={value} onValueChange={onChange} error={error}
        type="url" hint={POSTS_TEXT.featuredHint} maxLength={2000} />
    </fieldset>
  );
}
