import { useData } from 'vike-react/useData';
import { CallToAction } from '../../../components/CallToAction.tsx';
import { PageHero } from '../../../components/PageHero.tsx';
import { Seo } from '../../../components/Seo.tsx';
import { Stats } from '../../../components/Stats.tsx';
import { SITE_TEXT } from '../../../shared/messages.ts';
import type { SiteWordsData } from '../../../shared/site-words.ts';

export default function AboutPage() {
  const about = useData<SiteWordsData>().words.pages.about;
  return (
    <>
      <Seo title={about.seoTitle} description={about.metaDescription} breadcrumb={[{ name: SITE_TEXT.nav.about, path: '/about' }]} />
      <PageHero title={about.title} lead={about.lead} />
      <section className="section">
        <div className="container prose-columns">
          <div className="prose">
            <h2>{about.storyHeading}</h2>
            {about.story.map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
          <Stats />
        </div>
      </section>
      <section className="section section-tint" aria-labelledby="values-title">
        <div className="container">
          <div className="section-head">
            <h2 id="values-title">{about.valuesHeading}</h2>
            <p>{about.valuesIntro}</p>
          </div>
          <div className="card-grid card-grid-4">
            {about.values.map((value, i) => (
              <article key={i} className="card value-card">
                <h3 className="card-title">{value.title}</h3>
                <p>{value.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>
      <CallToAction title={about.ctaTitle} text={about.ctaText} />
    </>
  );
}
