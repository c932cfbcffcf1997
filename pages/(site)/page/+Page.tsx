import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { PageHero } from '../../../components/PageHero.tsx';
import { Seo } from '../../../components/Seo.tsx';
import { webPageLd } from '../../../shared/structured-data.ts';
import type { CustomPageData } from './+data.ts';

/** A page staff made: its title, and its body as the rich-text editor wrote it (sanitised on save and again on the way out). */
export default function CustomPagePage() {
  const { page } = useData<CustomPageData>();
  const { siteUrl } = usePageContext();
  const path = `/${page.address}`;
  return (
    <>
      <Seo
        title={page.seoTitle}
        description={page.metaDescription}
        path={path}
        image={page.socialImage || undefined}
        jsonLd={webPageLd(page, siteUrl)}
        breadcrumb={[{ name: page.title, path }]}
      />
      <PageHero title={page.title} />
      <section className="section">
        <div className="container prose" dangerouslySetInnerHTML={{ __html: page.body }} />
      </section>
    </>
  );
}
