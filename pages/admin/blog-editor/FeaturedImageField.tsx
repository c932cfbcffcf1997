import { responsiveImage } from '../../../shared/images.ts';
import { TextField } from '../../../components/form/TextField.tsx';
import { ImageUpload } from './ImageUpload.tsx';

/** The post's featured image: uploaded here, or an https address typed in; shown as the cards will show it. */
export function FeaturedImageField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error: string | undefined }) {
  const src = value.trim();
  return (
    <fieldset className="featured-image">
      <legend>Featured image</legend>
      {src && !error && (
        <div className="featured-preview">
          <img {...responsiveImage(src, 'card')} alt="The featured image now" width={192} height={101} />
          <button type="button" className="button button-ghost-dark" onClick={() => onChange('')}>
            Remove featured image
          </button>
        </div>
      )}
      <ImageUpload label="Upload a featured image" onUploaded={(image) => onChange(image.src)} />
      <TextField name="featuredImage" label="Featured image URL" value={value} onValueChange={onChange} error={error}
        type="url" hint="Or an address starting with https://" maxLength={2000} />
    </fieldset>
  );
}
