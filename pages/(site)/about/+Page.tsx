import { usePageContext } from 'vike-react/usePageContext';
import { CallToAction } from '../../../components/CallToAction.tsx';
import { PageHero } from '../../../components/PageHero.tsx';
import { Seo } from '../../../components/Seo.tsx';
import { Stats } from '../../../components/Stats.tsx';
import { ABOUT_TEXT, SITE_TEXT } from '../../../shared/messages.ts';

export default function AboutPage() {
  const { name } = usePageContext().settings;
  return (
    <>
      <Seo
        title={ABOUT_TEXT.title}
        description={ABOUT_TEXT.description(name)}
        breadcrumb={[{ name: SITE_TEXT.nav.about, path: '/about' }]}
      />
      <PageHero title={ABOUT_TEXT.heading(name)} lead={ABOUT_TEXT.lead} />
      <section className="section">
        <div className="container prose-columns">
          <div className="prose">
            <h2>{ABOUT_TEXT.storyHeading}</h2>
            {ABOUT_TEXT.story(name).map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <Stats />
        </div>
      </section>
      <section className="section section-tint" aria-labelledby="values-title">
        <div className="container">
          <div className="section-head">
            <h2 id="values-title">{ABOUT_TEXT.valuesHeading}</h2>
            <p>{ABOUT_TEXT.valuesIntro}</p>
          </div>
          <div className="card-grid card-grid-4">
            {ABOUT_TEXT.values.map((value) => (
              <article key={value.name} className="card value-card">
                <h3 className="card-title">{value.name}</h3>
                <p>{value.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>
      <CallToAction {...ABOUT_TEXT.cta} />
    </>
  );
}
